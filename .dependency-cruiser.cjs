/**
 * The import rules of the project's layers (see docs/architecture.md), checked by
 * `npm run lint:deps` (part of `npm test`). Each rule's `comment` says why it exists; a
 * violation prints the rule's name, the offending import and that comment.
 *
 *   ui, components, pages, layouts        (browser: DOM, xterm, storage, wall clock)
 *   cli                                    (Node: the command line)
 *      \      |
 *       host                               (composes a terminal; runs commands in cluster time)
 *      /    |      \
 *  kubectl  shell   exercises
 *      \   /   \        |
 *     command   |       |                  (the command contract: imports nothing)
 *      sim  <---+-------+                  (the simulator core: imports only itself)
 *   shell-grammar                          (the shell language shared by shell and sim: imports nothing)
 *   encoding                               (byte encodings every layer shares: imports nothing)
 *
 * Tests (`*.test.ts`) may wire whatever they exercise (a shell test builds a whole terminal
 * through the host), so most layer rules look at source modules only; simulator tests still
 * stay inside the simulator.
 */
const SOURCE = '^src/';
const TEST = '\\.test\\.ts$';

/** A rule forbidding imports from the `from` folder (source modules only) to anything matching `to`. */
function layer(name, comment, from, to, extra = {}) {
  return { name, severity: 'error', comment, from: { path: from, pathNot: TEST }, to: { ...to, ...extra } };
}

module.exports = {
  forbidden: [
    layer(
      'sim-imports-only-sim',
      'The simulator core runs unchanged in Node and the browser and is deterministic by construction: it imports nothing outside src/sim (no npm package, no Node module, nothing above it).',
      '^src/sim/',
      { pathNot: ['^src/sim/', '^src/shell-grammar/', '^src/encoding/'] },
    ),
    layer(
      'shell-grammar-imports-nothing',
      "src/shell-grammar is the one shell language (tokens, syntax tree, parser, arithmetic, word expansion over an injected environment) that the learner's shell and the containers' sh share: it is pure, so the simulator may import it, and it must import nothing.",
      '^src/shell-grammar/',
      { pathNot: '^src/shell-grammar/' },
    ),
    layer(
      'encoding-imports-nothing',
      'src/encoding holds the byte encodings every layer shares (UTF-8, SHA-256, DER, PEM, RSA and X.509 for the shell\'s openssl and the cluster\'s certificate authority): it is pure, so every layer may import it, and it must import nothing.',
      '^src/encoding/',
      { pathNot: '^src/encoding/' },
    ),
    {
      name: 'sim-tests-stay-in-sim',
      severity: 'error',
      comment:
        'Simulator tests test the simulator: they may use vitest, yaml and the byte encodings the simulator uses (src/encoding), but not kubectl, the shell or the host (put such tests in tests/ or beside the layer they exercise).',
      from: { path: '^src/sim/.*\\.test\\.ts$' },
      to: { path: '^src/(?!sim/|encoding/)' },
    },
    layer(
      'command-layer-imports-nothing',
      'src/command is the contract kubectl and the shell share (Command, ExecContext, VirtualFS, Interrupt, code loading): it must not depend on either, nor on anything else but the pure encodings of src/encoding.',
      '^src/command/',
      { pathNot: ['^src/command/', '^src/encoding/'] },
    ),
    layer(
      'kubectl-never-imports-the-shell',
      "kubectl is a command like any other: it gets Command and ExecContext from src/command/contract.ts (formerly src/shell/exec.ts), and the host puts it in the shell's table. kubectl importing the shell would tie it to one terminal.",
      '^src/kubectl/',
      { path: '^src/shell/' },
    ),
    layer(
      'kubectl-imports-command-layer-and-sim-index',
      "kubectl talks to the cluster only through the simulator's public index (src/sim/index.ts, and src/sim/on-demand.ts for what only its on-demand commands use) and to its host only through src/command; besides those it may use the shared byte encodings (src/encoding) and the yaml package. The index holds the REST-shaped client, the API's types and the API machinery kubectl also has; reaching deeper would let kubectl read state no API call returns.",
      '^src/kubectl/',
      { pathNot: ['^src/kubectl/', '^src/command/', '^src/encoding/', '^src/sim/(index|on-demand)\\.ts$', '^node_modules/yaml/'] },
    ),
    layer(
      'shell-never-imports-kubectl',
      'The shell runs whatever commands its table holds; kubectl and `cluster` are added by the host (src/host/terminal-commands.ts). A shell importing kubectl could not be tested or reused without it.',
      '^src/shell/',
      { path: '^src/kubectl/' },
    ),
    layer(
      'shell-imports-only-command-layer',
      'The shell knows the command contract, the Terminal interface and the shared byte encodings (src/encoding) only: no simulator (a builtin that needs the cluster, like `cluster`, lives in src/host), no npm package.',
      '^src/shell/',
      { pathNot: ['^src/shell/', '^src/command/', '^src/shell-grammar/', '^src/encoding/'] },
    ),
    layer(
      'exercises-read-the-sim-index',
      'Exercises are checks over cluster state: they read the simulator through its public index only (src/sim/index.ts, src/sim/on-demand.ts; the read-only ClusterReader), never kubectl, the shell or the page.',
      '^src/exercises/',
      { pathNot: ['^src/exercises/', '^src/sim/(index|on-demand)\\.ts$'] },
    ),
    layer(
      'host-stays-below-its-callers',
      'The host layer composes a terminal for the page, the command line and the tests; it must not import them (src/ui, src/cli, src/components, src/pages, src/layouts), nor any npm package.',
      '^src/host/',
      { pathNot: ['^src/host/', '^src/command/', '^src/kubectl/', '^src/shell/', '^src/sim/', '^src/encoding/'] },
    ),
    layer(
      'cli-is-not-the-page',
      'The command line runs the same host as the page, in Node: it must not import the browser glue (src/ui, src/components).',
      '^src/cli/',
      { path: '^src/(ui|components|pages|layouts)/' },
    ),
    {
      name: 'only-the-page-touches-xterm',
      severity: 'error',
      comment:
        'Only src/ui and src/components may touch xterm (and the DOM): the shell knows a Terminal interface, so it runs in tests and on the command line.',
      from: { path: SOURCE, pathNot: '^src/(ui|components)/' },
      to: { path: '(^|/)node_modules/@xterm/' },
    },
    {
      name: 'core-uses-no-node-apis',
      severity: 'error',
      comment:
        'The simulator, the command layer, kubectl, the shell, the host and the exercises run in the browser: no Node built-in modules (fs, path, process...). Node belongs to src/cli, scripts and tests.',
      from: { path: '^src/(sim|command|encoding|kubectl|shell|host|exercises)/', pathNot: TEST },
      to: { dependencyTypes: ['core'] },
    },
    {
      name: 'nothing-imports-the-page',
      severity: 'error',
      comment:
        'The browser glue sits on top: nothing below it (simulator, command layer, kubectl, shell, host, exercises, cli) may import src/ui, src/components, src/pages or src/layouts.',
      from: { path: '^src/(sim|command|kubectl|shell|host|exercises|cli)/' },
      to: { path: '^src/(ui|components|pages|layouts)/' },
    },
    {
      name: 'apiserver-below-controllers',
      severity: 'error',
      comment:
        'The API server serves kinds; controllers, the scheduler, kubelets, presets and add-ons are its clients and are installed into a cluster by the composition root (src/sim/components.ts). An import from src/sim/apiserver up to them would make the server depend on what runs against it, bring back registration on import, and load every controller with the server.',
      from: { path: '^src/sim/apiserver/', pathNot: TEST },
      to: { path: '^src/sim/(controllers|scheduler|kubelet|nodes|presets|addons|network|events|kinds|components\\.ts|index\\.ts)' },
    },
    {
      name: 'no-import-cycles',
      severity: 'error',
      comment:
        'A cycle of runtime imports makes evaluation order depend on which module is imported first (and can run a module before what it uses exists). Type-only imports do not count: they vanish at runtime.',
      from: { path: SOURCE },
      to: { circular: true, viaOnly: { dependencyTypesNot: ['type-only'] } },
    },
    {
      name: 'no-unresolvable-imports',
      severity: 'error',
      comment: 'An import that does not resolve is a typo or a file that moved (see docs/architecture.md for where things live now).',
      from: { path: SOURCE },
      // astro:* are Astro's virtual modules and astro/* resolve through Astro's own exports map.
      to: { couldNotResolve: true, pathNot: '^astro([:/]|$)' },
    },
  ],
  options: {
    // Type-only imports count for the layer rules: `import type` from the wrong layer is still a
    // dependency on it.
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    doNotFollow: { path: 'node_modules' },
    exclude: {
      path: [
        '^dist/',
        '^\\.astro/',
        // The one exception: a generator that help/generate.sh runs under Node to write
        // flag-table-source.ts from the real kubectl's --help; it is never part of the terminal.
        '^src/kubectl/help/write-flag-table\\.mjs$',
      ],
    },
    moduleSystems: ['es6'],
  },
};
