/**
 * Imports every verb module so that each registers itself (`registerVerb`). To add a command:
 * a folder `verbs/<verb>/` with `<verb>.ts` (+ test) calling `registerVerb({name, short, run,
 * complete})`, one import line here, and its path in `help/generate.sh` so that its `--help`
 * text (and with it its flags, which are read from that text) is captured. Sub-commands of
 * `create` and `config` are added with `registerSubcommand(parent, verb)` from modules imported
 * after the parent; describers for more kinds with `registerDescriber` (printers/describe).
 */
import './get/get.ts';
import './version/version.ts';
import './kustomize/kustomize.ts';
import './cluster-info/cluster-info.ts';
import './config/config.ts';
import './api-resources/api-resources.ts';
import './run/run.ts';
import './create/create.ts';
import './create/workloads.ts';
import './create/service.ts';
import './create/ingress.ts';
import './create/serviceaccount.ts';
import './create/token.ts';
import './create/rbac.ts';
import './create/quota.ts';
import './create/policy.ts';
import './apply/apply.ts';
import './delete/delete.ts';
import './describe/describe.ts';
import './logs/logs.ts';
import './exec/exec.ts';
import './attach/attach.ts';
import './port-forward/port-forward.ts';
import './label/label.ts';
import './annotate/annotate.ts';
import './wait/wait.ts';
import './scale/scale.ts';
import './patch/patch.ts';
import './replace/replace.ts';
import './edit/edit.ts';
import './expose/expose.ts';
import './top/top.ts';
import './auth/auth.ts';
import './rollout/rollout.ts';
import './set/set.ts';
import './cordon/cordon.ts';
import './drain/drain.ts';
import './taint/taint.ts';
import './events/events.ts';
import './explain/explain.ts';
import './cp/cp.ts';
import './diff/diff.ts';
import './debug/debug.ts';
import './help/help.ts';
import './autoscale/autoscale.ts';
import './completion/completion.ts';
