/**
 * HorizontalPodAutoscaler, all of it: both served versions and their conversion (convert.ts),
 * defaults and validation (kind.ts), the `get hpa` table (table.ts) and the controller that
 * scales workloads on the resource metrics API (controller.ts), registered with every cluster.
 */
import './kind.ts';
import './table.ts';
