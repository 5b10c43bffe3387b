/**
 * Which generated type each resource holds, by the key the API server and the client address
 * it with (`pods`, `deployments.apps`): `client.get('deployments.apps', ns, name)` is a
 * `Deployment`, so `.spec.replicas` is a number, not `any`. A resource missing here, or
 * addressed by a key that is not a literal, reads as a plain `KubeObject`.
 */
import type { KubeObject } from '../api/types.ts';
import type * as K from './generated-types.ts';

/** Resource key to the type of its objects. */
export interface KindMap {
  pods: K.Pod;
  services: K.Service;
  endpoints: K.Endpoints;
  configmaps: K.ConfigMap;
  secrets: K.Secret;
  serviceaccounts: K.ServiceAccount;
  namespaces: K.Namespace;
  nodes: K.Node;
  persistentvolumes: K.PersistentVolume;
  persistentvolumeclaims: K.PersistentVolumeClaim;
  resourcequotas: K.ResourceQuota;
  limitranges: K.LimitRange;
  replicationcontrollers: K.ReplicationController;
  podtemplates: K.PodTemplate;
  'deployments.apps': K.Deployment;
  'replicasets.apps': K.ReplicaSet;
  'statefulsets.apps': K.StatefulSet;
  'daemonsets.apps': K.DaemonSet;
  'controllerrevisions.apps': K.ControllerRevision;
  'jobs.batch': K.Job;
  'cronjobs.batch': K.CronJob;
  'horizontalpodautoscalers.autoscaling': K.HorizontalPodAutoscaler;
  'poddisruptionbudgets.policy': K.PodDisruptionBudget;
  'ingresses.networking.k8s.io': K.Ingress;
  'ingressclasses.networking.k8s.io': K.IngressClass;
  'networkpolicies.networking.k8s.io': K.NetworkPolicy;
  'endpointslices.discovery.k8s.io': K.EndpointSlice;
  'storageclasses.storage.k8s.io': K.StorageClass;
  'priorityclasses.scheduling.k8s.io': K.PriorityClass;
  'roles.rbac.authorization.k8s.io': K.Role;
  'rolebindings.rbac.authorization.k8s.io': K.RoleBinding;
  'clusterroles.rbac.authorization.k8s.io': K.ClusterRole;
  'clusterrolebindings.rbac.authorization.k8s.io': K.ClusterRoleBinding;
  'leases.coordination.k8s.io': K.Lease;
}

/** The object type of resource `R`: its generated type for a known key, else `KubeObject`. */
export type ObjectOf<R> = R extends keyof KindMap ? KindMap[R] : KubeObject;
