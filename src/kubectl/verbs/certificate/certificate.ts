/**
 * `kubectl certificate approve|deny (-f FILE | NAME...)` (certificates.go): adds the Approved
 * or Denied condition kubectl writes (reason KubectlApprove / KubectlDeny and its message) to
 * each CertificateSigningRequest through its `approval` subresource, unless it already has it
 * (`--force` writes it again), refuses a CSR already given the opposite decision, and prints
 * `certificatesigningrequest.certificates.k8s.io/NAME approved`. `certificate` alone
 * prints its help.
 */
import { clone, type KubeObject } from '../../../sim/index.ts';
import { CliError } from '../../cli/errors.ts';
import { registerVerb } from '../../cli/registry.ts';
import type { Invocation, Verb } from '../../cli/verb.ts';
import { HELP } from '../../help/texts.ts';
import { readManifests } from '../../resource/manifests.ts';
import { prepareKinds } from '../../resource/prepare.ts';
import { renderObjects } from '../../printers/output.ts';

const CSRS = 'certificatesigningrequests.certificates.k8s.io';

interface Condition {
  type: string;
  status: string;
  reason?: string;
  message?: string;
  lastUpdateTime?: string;
  lastTransitionTime?: string;
}

/** metav1.Now() as the API serializes it (seconds). */
const stamp = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');

function decide(type: 'Approved' | 'Denied', reason: string, message: string, done: string): Verb {
  const mustNotHave = type === 'Approved' ? 'Denied' : 'Approved';
  return {
    name: type === 'Approved' ? 'approve' : 'deny',
    short: type === 'Approved' ? 'Approve a certificate signing request' : 'Deny a certificate signing request',
    run: async (inv: Invocation) => {
      const files = inv.flags.list('filename').length ? readManifests(inv).map((m) => m.obj.metadata.name ?? '') : [];
      const names = [...files, ...inv.args];
      if (!names.length) throw new CliError('one or more CSRs must be specified as <name> or -f <filename>');
      // The approval subresource is the CSR kind's code, which loads on first use.
      await prepareKinds(inv, [CSRS]);
      for (const name of names) {
        const csr = inv.client.get(CSRS, undefined, name);
        const conditions = ((csr.status?.conditions ?? []) as Condition[]).slice();
        // addConditionIfNeeded: the opposite decision is final, and so is this one once made.
        let has = false;
        for (const c of conditions) {
          if (c.type === mustNotHave) throw new CliError(`certificate signing request ${JSON.stringify(name)} is already ${c.type}`);
          if (c.type === type) {
            if (c.status !== 'True') throw new CliError(`certificate signing request ${JSON.stringify(name)} is already ${c.type} with status ${c.status}`);
            has = true;
          }
        }
        let shown: KubeObject = csr;
        if (!has || inv.flags.bool('force')) {
          const next = clone(csr);
          if (!has) conditions.push({ type, status: 'True', reason, message, lastUpdateTime: stamp(inv.client.now()) });
          next.status = { ...(next.status ?? {}), conditions };
          shown = inv.client.updateApproval(next);
        }
        const output = inv.flags.str('output');
        if (output && output !== 'name') inv.out(renderObjects([shown], output, true, false, true, true));
        else inv.out(`certificatesigningrequest.certificates.k8s.io/${name}${output === 'name' ? '' : ` ${done}`}\n`);
      }
      return 0;
    },
  };
}

registerVerb({
  name: 'certificate',
  short: 'Modify certificate resources',
  subcommands: [
    decide('Approved', 'KubectlApprove', 'This CSR was approved by kubectl certificate approve.', 'approved'),
    decide('Denied', 'KubectlDeny', 'This CSR was denied by kubectl certificate deny.', 'denied'),
  ],
  // A command group without Run: cobra prints its help on stdout, whatever follows.
  run: async (inv) => {
    inv.out(HELP['certificate'] ?? '');
    return 0;
  },
});
