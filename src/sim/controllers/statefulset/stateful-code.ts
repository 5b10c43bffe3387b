/**
 * The StatefulSet controller and the volume controller, one module loaded on first use: a
 * StatefulSet's controller creates PersistentVolumeClaims, which the volume controller binds,
 * so the two arrive together (the volume controller also comes with the first claim or volume
 * written some other way).
 */
import { codePart } from '../../deferred/code-part.ts';

/** Both controllers, loaded with the first StatefulSet, PersistentVolumeClaim or PersistentVolume. */
export const STATEFUL_CONTROLLERS = codePart('stateful-controllers', () => import('./stateful-controllers.ts'));
