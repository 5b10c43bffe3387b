/**
 * `kubectl create deployment | job | cronjob`: the objects kubectl's generators build
 * (create_deployment.go, create_job.go, create_cronjob.go), created or printed for
 * `--dry-run=client -o yaml`. Registered as sub-commands of `create`.
 */
import type { KubeObject } from '../../../sim/index.ts';
import { jobFromCronJob } from '../../../sim/on-demand.ts';
import { CliError, usageError } from '../../cli/errors.ts';
import { registerSubcommand } from '../../cli/registry.ts';
import type { Invocation, Verb } from '../../cli/verb.ts';
import { getObject, listObjects } from '../../resource/fetch.ts';
import { resolveType } from '../../resource/resolve.ts';
import { createGenerated } from './shared.ts';

/** The NAME before `--` (cobra's ArgsLenAtDash), or kubectl's usage error. */
function nameBeforeDash(inv: Invocation): string {
  const n = inv.dashAt < 0 ? inv.args.length : inv.dashAt;
  if (n !== 1) throw usageError(inv.path, `exactly one NAME is required, got ${n}`);
  return inv.args[0]!;
}

/** The command after `--` (empty when none). */
function commandAfterDash(inv: Invocation): string[] {
  return inv.dashAt < 0 ? [] : inv.args.slice(inv.dashAt);
}

/** Cobra's message for required flags that were not given, in declaration order. */
function requireFlags(inv: Invocation, names: string[]): void {
  const missing = names.filter((n) => !inv.flags.has(n));
  if (missing.length) throw new CliError(`required flag(s) ${missing.map((n) => `"${n}"`).join(', ')} not set`);
}

/**
 * Container name kubectl derives from an image: the last path segment without tag or
 * digest; `_` and `.` become `-` plus a random suffix (sanitizeAndUniquify).
 */
export function containerNameFor(image: string, suffix: () => string): string {
  let name = image.split('/').pop() ?? image;
  if (name.includes(':')) name = name.split(':')[0]!;
  if (name.includes('@')) name = name.split('@')[0]!;
  if (/[_.]/.test(name)) name = `${name.replace(/[_.]/g, '-')}-${suffix()}`;
  return name;
}

function buildDeployment(inv: Invocation, name: string): KubeObject {
  const images = inv.flags.list('image');
  const command = commandAfterDash(inv);
  const containers = images.map((image) => {
    const c: Record<string, unknown> = {};
    if (command.length) c.command = command;
    c.image = image;
    c.name = containerNameFor(image, () => inv.random.suffix(5));
    c.resources = {};
    return c;
  });
  const port = inv.flags.int('port');
  if (port >= 0 && containers.length) containers[0]!.ports = [{ containerPort: port }];
  const labels = { app: name };
  return {
    apiVersion: 'apps/v1',
    kind: 'Deployment',
    metadata: { labels, name },
    spec: {
      replicas: inv.flags.has('replicas') ? inv.flags.int('replicas') : 1,
      selector: { matchLabels: { ...labels } },
      strategy: {},
      template: { metadata: { creationTimestamp: null, labels: { ...labels } }, spec: { containers } },
    },
    status: {},
  };
}

function container(name: string, image: string, command: string[]): Record<string, unknown> {
  return { ...(command.length ? { command } : {}), image, name, resources: {} };
}

function buildJob(inv: Invocation, name: string): KubeObject {
  const from = inv.flags.str('from');
  if (from) {
    const slash = from.indexOf('/');
    const type = resolveType(slash < 0 ? from : from.slice(0, slash));
    const found = slash < 0 ? listObjects(inv, type) : [getObject(inv, type, from.slice(slash + 1))];
    if (found.length !== 1) throw new CliError('from must be an existing cronjob');
    const cj = found[0]!;
    if (type.kind !== 'CronJob') throw new CliError(`unknown object type *v1.${type.kind}`);
    const job = jobFromCronJob(cj, name);
    delete job.metadata.namespace;
    return { ...job, metadata: { ...job.metadata }, status: {} };
  }
  return {
    apiVersion: 'batch/v1',
    kind: 'Job',
    metadata: { name },
    spec: {
      template: {
        metadata: { creationTimestamp: null },
        spec: { containers: [container(name, inv.flags.str('image'), commandAfterDash(inv))], restartPolicy: 'Never' },
      },
    },
    status: {},
  };
}

function buildCronJob(inv: Invocation, name: string): KubeObject {
  const restart = inv.flags.str('restart') || 'OnFailure';
  return {
    apiVersion: 'batch/v1',
    kind: 'CronJob',
    metadata: { name },
    spec: {
      jobTemplate: {
        metadata: { creationTimestamp: null, name },
        spec: {
          template: {
            metadata: { creationTimestamp: null },
            spec: { containers: [container(name, inv.flags.str('image'), commandAfterDash(inv))], restartPolicy: restart },
          },
        },
      },
      schedule: inv.flags.str('schedule'),
    },
    status: {},
  };
}

export const deploymentCommand: Verb = {
  name: 'deployment',
  aliases: ['deploy'],
  short: 'Create a deployment with the specified name',
  run: async (inv) => {
    requireFlags(inv, ['image']);
    const name = nameBeforeDash(inv);
    return createGenerated(inv, 'deployments.apps', buildDeployment(inv, name), 'failed to create deployment: ');
  },
};

export const jobCommand: Verb = {
  name: 'job',
  short: 'Create a job with the specified name',
  run: async (inv) => {
    const name = nameBeforeDash(inv);
    const image = inv.flags.str('image');
    const from = inv.flags.str('from');
    if ((image === '') === (from === '')) throw new CliError('either --image or --from must be specified');
    if (from && commandAfterDash(inv).length) throw new CliError('cannot specify --from and command');
    return createGenerated(inv, 'jobs.batch', buildJob(inv, name), 'failed to create job: ');
  },
};

export const cronjobCommand: Verb = {
  name: 'cronjob',
  aliases: ['cj'],
  short: 'Create a cron job with the specified name',
  run: async (inv) => {
    requireFlags(inv, ['image', 'schedule']);
    const name = nameBeforeDash(inv);
    return createGenerated(inv, 'cronjobs.batch', buildCronJob(inv, name), 'failed to create cronjob: ');
  },
};

registerSubcommand('create', deploymentCommand);
registerSubcommand('create', jobCommand);
registerSubcommand('create', cronjobCommand);
