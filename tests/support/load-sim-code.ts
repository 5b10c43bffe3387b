/**
 * Loaded before every unit test file: the simulator's on-first-use code is loaded up front, so
 * clusters built with `createCluster` in tests run with all of it there, as `npm run sim`
 * does. The lazy path has its own tests (src/sim/deferred/, tests/determinism/lazy-code.test.ts).
 */
import { loadInstallerCode } from '../../src/sim/index.ts';

await loadInstallerCode();
