import { describe, expect, it } from 'vitest';
import { kindSession } from '../../testing.ts';

describe('kubectl explain', () => {
  it('explains a field with its enum, as kubectl 1.32 prints it', async () => {
    const { run } = await kindSession();
    expect(await run('explain pod.spec.restartPolicy')).toEqual({
      stdout:
        'KIND:       Pod\nVERSION:    v1\n\nFIELD: restartPolicy <string>\nENUM:\n    Always\n    Never\n    OnFailure\n\nDESCRIPTION:\n' +
        '    Restart policy for all containers within the pod. One of Always, OnFailure,\n    Never. In some contexts, only a subset of those values may be permitted.\n    Default to Always. More info:\n' +
        '    https://kubernetes.io/docs/concepts/workloads/pods/pod-lifecycle/#restart-policy\n    \n    Possible enum values:\n     - `"Always"`\n     - `"Never"`\n     - `"OnFailure"`\n    \n\n',
      stderr: '',
      code: 0,
    });
  });

  it('lists the top-level fields of a kind', async () => {
    const { run } = await kindSession();
    const out = (await run('explain deployment')).stdout;
    expect(out).toMatch(/^GROUP:      apps\nKIND:       Deployment\nVERSION:    v1\n\nDESCRIPTION:\n    Deployment enables declarative updates for Pods and ReplicaSets\.\n    \nFIELDS:\n  apiVersion\t<string>\n/);
    expect((await run('explain pods.spec.containers')).stdout).toContain('FIELD: containers <[]Container>\n\nDESCRIPTION:\n');
    expect((await run('explain pod.spec.containers')).stdout).toContain('  name\t<string> -required-\n');
  });

  it('reports unknown types and fields', async () => {
    const { run } = await kindSession();
    expect((await run('explain foo')).stderr).toBe('error: the server doesn\'t have a resource type "foo"\n');
    expect((await run('explain pod.spec.nope')).stderr).toBe('error: field "nope" does not exist\n');
    expect((await run('explain')).stderr).toBe(
      'error: You must specify the type of resource to explain. Use "kubectl api-resources" for a complete list of supported resources.\n',
    );
  });
});

describe('kubectl explain over the 1.32 schema', () => {
  it('follows any path, through lists and nested definitions', async () => {
    const { run } = await kindSession();
    const ru = (await run('explain deployment.spec.strategy.rollingUpdate')).stdout;
    expect(ru).toMatch(/^GROUP:      apps\nKIND:       Deployment\nVERSION:    v1\n\nFIELD: rollingUpdate <RollingUpdateDeployment>\n\nDESCRIPTION:\n/);
    expect(ru).toContain('FIELDS:\n  maxSurge\t<IntOrString>\n');
    const probe = (await run('explain pod.spec.containers.livenessProbe.httpGet')).stdout;
    expect(probe).toContain('FIELD: httpGet <HTTPGetAction>\n');
    expect(probe).toContain('  port\t<IntOrString> -required-\n');
    expect((await run('explain pod.spec.containers.ports')).stdout).toContain('  hostIP\t<string>\n');
    expect((await run('explain pod.spec.containers.resources')).stdout).toContain('  limits\t<map[string]Quantity>\n');
    expect((await run('explain pod.metadata')).stdout).toContain('  creationTimestamp\t<string>\n');
    expect((await run('explain svc.spec.ports.targetPort')).stdout).toContain('FIELD: targetPort <IntOrString>\n');
    expect((await run('explain deploy.spec.template.spec.containers.nope')).stderr).toBe('error: field "nope" does not exist\n');
  });

  it('lists every field of every level with --recursive, two columns per level', async () => {
    const { run } = await kindSession();
    const out = (await run('explain pods --recursive')).stdout;
    expect(out).toContain('FIELDS:\n  apiVersion\t<string>\n  kind\t<string>\n  metadata\t<ObjectMeta>\n    annotations\t<map[string]string>\n');
    expect(out).toContain('\n  spec\t<PodSpec>\n    activeDeadlineSeconds\t<integer>\n');
    expect(out).toContain('\n    containers\t<[]Container> -required-\n      args\t<[]string>\n');
    expect(out).toContain('\n      restartPolicy\t<string>\n');
    expect(out).not.toContain('Standard object');
  });

  it('explains every kind the server serves, and a chosen API version', async () => {
    const { run } = await kindSession();
    for (const name of ['configmaps', 'ingresses', 'cronjobs', 'hpa', 'networkpolicies', 'storageclasses', 'roles', 'pdb', 'crd', 'leases']) {
      const r = await run(`explain ${name}`);
      expect(r.code, name).toBe(0);
      expect(r.stdout, name).toMatch(/\nFIELDS:\n(?:[^]*\n)?  apiVersion\t<string>\n/);
    }
    expect((await run('explain hpa --api-version=autoscaling/v1')).stdout).toMatch(/^GROUP:      autoscaling\nKIND:       HorizontalPodAutoscaler\nVERSION:    v1\n/);
    expect((await run('explain hpa.spec.targetCPUUtilizationPercentage --api-version=autoscaling/v1')).code).toBe(0);
    expect((await run('explain deploy --api-version=apps/v2')).stderr).toBe('error: GVR (apps/v2, Resource=deployments) not found in OpenAPI schema\n');
  });
});
