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
