/** What the disruption controller's part loads. */
export { disruptionController } from './controller.ts';
