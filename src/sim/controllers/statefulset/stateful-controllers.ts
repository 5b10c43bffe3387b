/** What STATEFUL_CONTROLLERS loads: the StatefulSet and volume controllers. */
export { statefulSetController } from './statefulset-controller.ts';
export { volumeController } from '../volume/volume-controller.ts';
