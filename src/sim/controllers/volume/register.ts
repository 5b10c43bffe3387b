/** Registers PVC, PV and StorageClass admission and tables, and the volume controller. */
import { registerComponent } from '../../component-registry.ts';
import '../../apiserver/kinds/pvc.ts';
import '../../apiserver/kinds/pv.ts';
import '../../apiserver/kinds/storageclass.ts';
import '../../apiserver/tables/storage.ts';
import { volumeController } from './volume-controller.ts';

registerComponent((cluster) => cluster.addController(volumeController(cluster)));
