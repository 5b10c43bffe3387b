/**
 * kubectl's commands. `get`, the first command of nearly every lesson, is part of the terminal
 * from the start; every other command is a stand-in from the verb table (`table.ts`) until
 * its first run imports its code. To add a command, see `table.ts`.
 */
import { registerLazyVerbs } from '../cli/lazy-verb.ts';
import './get/get.ts';
import { VERB_TABLE } from './table.ts';

registerLazyVerbs(VERB_TABLE);
