/**
 * The host layer: composes a course terminal from the layers below (the simulator, kubectl,
 * the shell and the command contract). Everything that runs a terminal comes through here:
 * the page (src/ui), the command line (src/cli) and the tests (tests/support).
 */
export { createInteractiveShell, type InteractiveShell, type InteractiveShellOptions } from './interactive-terminal.ts';
export { createTerminalShell, kubectlOn, type TerminalShell, type TerminalShellOptions } from './terminal.ts';
export { createTerminalCommands } from './terminal-commands.ts';
export { runInClusterTime, type ClusterTimeOptions, type ClusterTimeOutcome, type InterruptReason, type RunnerClock } from './cluster-time.ts';
export { replayJournal, type JournalEdit, type JournalEntry, type ReplayOptions } from './replay.ts';
export { createMemoryFS, type MemoryFS } from '../shell/fs.ts';
export type { HistoryStore } from '../shell/history.ts';
export type { Terminal } from '../shell/terminal.ts';
