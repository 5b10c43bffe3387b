/**
 * ESLint for the project's TypeScript (`npm run lint`, part of `npm test`). Import rules between
 * the layers live in .dependency-cruiser.cjs; this file holds what only a look at the code can
 * catch: the simulator's determinism (no wall clock, no unseeded randomness, no host timers) and
 * the browser-only globals kept out of everything below the page. Formatting is Prettier's
 * business (.prettierrc.json), not ESLint's.
 */
import tseslint from 'typescript-eslint';

/** Globals the simulator core must not touch, and why (shown in the lint message). */
const SIM_GLOBALS = [
  ['setTimeout', 'timers come from the cluster clock (clock.setTimeout), so tests and replays control time'],
  ['setInterval', 'timers come from the cluster clock (clock.setTimeout), so tests and replays control time'],
  ['clearTimeout', 'timers come from the cluster clock (clock.clearTimeout)'],
  ['setImmediate', 'the simulator never waits for the host event loop'],
  ['queueMicrotask', 'the simulator never waits for the host event loop'],
  ['console', 'the simulator reports through Events and returned errors, not the console'],
  ['structuredClone', "it is not in every runtime the simulator targets; use the store's own clone"],
  ['performance', 'wall-clock time breaks determinism: use the cluster clock'],
  ['crypto', "unseeded randomness breaks determinism: use the cluster's seeded Random"],
].map(([name, why]) => ({ name, message: `src/sim is deterministic: ${why}.` }));

/** Browser globals only src/ui and src/components may use. */
const BROWSER_GLOBALS = ['window', 'document', 'localStorage', 'sessionStorage', 'navigator', 'location', 'requestAnimationFrame', 'HTMLElement'].map(
  (name) => ({
    name,
    message: `Only src/ui and src/components touch the browser (${name}): this code also runs on the command line and in tests.`,
  }),
);

/** Node globals the browser-bound layers must not use. */
const NODE_GLOBALS = ['process', 'Buffer', 'require', '__dirname', '__filename'].map((name) => ({
  name,
  message: `${name} is Node's: this code runs in the browser. Node belongs to src/cli, scripts and tests.`,
}));

const WALL_CLOCK = [
  { object: 'Date', property: 'now', message: 'src/sim is deterministic: read time from the cluster clock (clock.now()).' },
  { object: 'Math', property: 'random', message: "src/sim is deterministic: draw from the cluster's seeded Random." },
  { object: 'performance', property: 'now', message: 'src/sim is deterministic: read time from the cluster clock.' },
];

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      '.astro/**',
      'node_modules/**',
      'public/**',
      'tests/architecture/fixtures/**',
      'src/kubectl/help/flag-table-source.ts',
      'src/kubectl/help/texts-full.ts',
    ],
  },
  {
    files: ['**/*.ts'],
    languageOptions: { parser: tseslint.parser, ecmaVersion: 2022, sourceType: 'module' },
    // Registered so that the code's existing `eslint-disable @typescript-eslint/...` comments
    // name a known rule; the type-aware rule sets are not enabled (the code predates them).
    plugins: { '@typescript-eslint': tseslint.plugin },
    linterOptions: { reportUnusedDisableDirectives: 'off' },
    rules: {
      'no-debugger': 'error',
      'no-var': 'error',
    },
  },
  {
    // What the course runs never evaluates text as code (tests may, to build hostile input).
    files: ['src/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-eval': 'error',
      'no-new-func': 'error',
      'no-implied-eval': 'error',
    },
  },
  {
    // The simulator core: no wall clock, no unseeded randomness, no host timers or console.
    files: ['src/sim/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-globals': ['error', ...SIM_GLOBALS, ...BROWSER_GLOBALS, ...NODE_GLOBALS],
      'no-restricted-properties': ['error', ...WALL_CLOCK],
      'no-restricted-syntax': [
        'error',
        {
          selector: "NewExpression[callee.name='Date'][arguments.length=0]",
          message: 'src/sim is deterministic: `new Date()` reads the wall clock; use new Date(clock.now()).',
        },
        {
          selector: "CallExpression[callee.name='Date']",
          message: 'src/sim is deterministic: `Date()` reads the wall clock; use new Date(clock.now()).toString().',
        },
        {
          selector: 'ImportDeclaration[specifiers.length=0][importKind!="type"]',
          message:
            'Nothing in src/sim registers itself on import: a kind, controller or add-on exports an Installer that src/sim/components.ts lists, so what a cluster runs never depends on which modules happen to be loaded.',
        },
      ],
    },
  },
  {
    // Everything else that runs in the page and on the command line alike.
    files: ['src/command/**/*.ts', 'src/encoding/**/*.ts', 'src/kubectl/**/*.ts', 'src/shell/**/*.ts', 'src/host/**/*.ts', 'src/exercises/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-globals': ['error', ...BROWSER_GLOBALS, ...NODE_GLOBALS],
      'no-restricted-properties': [
        'error',
        {
          object: 'Date',
          property: 'now',
          message: 'Commands read cluster time (ctx or cluster clock), never the wall clock: transcripts must not depend on when they run.',
        },
        { object: 'Math', property: 'random', message: "Output must be reproducible: draw randomness from the cluster's seeded Random." },
      ],
    },
  },
);
