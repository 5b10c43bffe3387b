/**
 * The course terminal's shell, for hosts: the interpreter (`Shell`), the interactive front end
 * (`InteractiveSession`: prompt, line editing, history, completion, Ctrl-C), the builtins and
 * the terminal's own files. Terminal-agnostic: it only knows the Terminal interface. It knows
 * neither kubectl nor the simulator: src/host puts them in one command table and wires the
 * shell to a cluster's clock (see src/host/terminal.ts).
 */
export type { Terminal } from './terminal.ts';
export { History, type HistoryStore } from './history.ts';
export { createMemoryFS, type MemoryFS } from './fs.ts';
export { SHELL_BUILTINS, createBuiltins } from './commands.ts';
export { onFirstUse } from './on-demand.ts';
export { Shell, type CommandTable, type RunIO, type ShellOptions } from './shell.ts';
export { InteractiveSession, type InteractiveOptions } from './interactive.ts';
export { parse } from './parse.ts';
export { HOME } from './path.ts';
