/**
 * Loads everything the core kinds contribute to every cluster: admission for Pods,
 * Namespaces, ConfigMaps, Secrets, ServiceAccounts, Services, Ingresses, Nodes, Events, Endpoints; their
 * server-side tables; the `kind` preset; the namespace lifecycle controller.
 */
import './pods.ts';
import './namespaces.ts';
import './config.ts';
import './services.ts';
import './ingress.ts';
import './cluster-core.ts';
import '../tables/pods.ts';
import '../tables/core.ts';
import '../tables/discovery.ts';
import '../tables/networking.ts';
import '../../presets/kind.ts';
import '../../controllers/namespace/index.ts';
