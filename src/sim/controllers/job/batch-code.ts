/**
 * The Job and CronJob controllers, one module loaded on first use: a CronJob's controller
 * creates Jobs, so the two arrive together.
 */
import { codePart } from '../../deferred/code-part.ts';

/** Both batch controllers, loaded with the first Job or CronJob. */
export const BATCH_CONTROLLERS = codePart('batch-controllers', () => import('./batch-controllers.ts'));
