/**
 * Imports every verb module so that each registers itself. Order = order of registration
 * (the order completion lists them in).
 */
import './get/get.ts';
import './version/version.ts';
import './cluster-info/cluster-info.ts';
import './config/config.ts';
import './api-resources/api-resources.ts';
import './run/run.ts';
import './create/create.ts';
import './create/workloads.ts';
import './apply/apply.ts';
import './delete/delete.ts';
import './describe/describe.ts';
import './logs/logs.ts';
import './label/label.ts';
import './annotate/annotate.ts';
import './wait/wait.ts';
import './events/events.ts';
import './explain/explain.ts';
import './help/help.ts';
