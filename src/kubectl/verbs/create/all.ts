/**
 * `kubectl create` with every sub-command, as one module for the verb table to load: the
 * sub-command modules add themselves to `create` (`registerSubcommand`), so they are imported
 * after it, and all of them arrive together or not at all (a static import graph loads whole).
 */
import './create.ts';
import './workloads.ts';
import './service.ts';
import './ingress.ts';
import './serviceaccount.ts';
import './token.ts';
import './rbac.ts';
import './quota.ts';
import './policy.ts';
