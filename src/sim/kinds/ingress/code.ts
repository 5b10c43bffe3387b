/** What the Ingress part loads: the Ingress admission and the networking tables. */
import type { ApiRegistries } from '../../apiserver/registries.ts';
import { installIngressAdmission } from '../../apiserver/kinds/ingress.ts';
import { installNetworkingTables } from '../../apiserver/tables/networking.ts';

/** Ingresses (admission), and the tables of Ingresses, IngressClasses and webhook configurations. */
export function installIngressKinds(api: ApiRegistries): void {
  installIngressAdmission(api);
  installNetworkingTables(api);
}
