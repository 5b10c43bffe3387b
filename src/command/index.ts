/**
 * The command layer's public face: the contract every command implements (`Command`,
 * `ExecContext`, `VirtualFS`, `Interrupt`, `ShellControl`), Ctrl-C plumbing and the code-loading
 * state, and a terminal machine's listening ports. kubectl and the shell import this layer and never each other; it imports nothing.
 */
export type { Command, EditRequest, ExecContext, InputStream, Interrupt, ShellControl, VirtualFS } from './contract.ts';
export { streamsInput } from './contract.ts';
export { InterruptController, childInterrupt, clockSleep } from './interrupt.ts';
export { createCodeLoading, notTracked, type CodeLoading } from './code-loading.ts';
export { createLocalPorts, type LocalHandler, type LocalListener, type LocalPorts, type LocalReply } from './local-ports.ts';
