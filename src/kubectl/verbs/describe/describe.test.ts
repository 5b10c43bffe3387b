import { describe, expect, it } from 'vitest';
import { kindSession } from '../../testing.ts';

describe('kubectl describe', () => {
  it('describes a pod in kubectl layout', async () => {
    const { c, run } = await kindSession();
    await run('run web --image=nginx:1.25 --port=80 --labels=app=web,tier=frontend');
    c.advance(8000);
    const out = (await run('describe pod web')).stdout;
    const lines = out.split('\n');
    expect(lines.slice(0, 4)).toEqual(['Name:             web', 'Namespace:        default', 'Priority:         0', 'Service Account:  default']);
    expect(out).toContain('Labels:           app=web\n                  tier=frontend\nAnnotations:      <none>\nStatus:           Running\n');
    expect(out).toContain('    Port:           80/TCP\n    Host Port:      0/TCP\n    State:          Running\n');
    expect(out).toContain('Conditions:\n  Type                        Status\n  PodReadyToStartContainers   True \n');
    expect(out).toContain('Tolerations:                 node.kubernetes.io/not-ready:NoExecute op=Exists for 300s\n                             node.kubernetes.io/unreachable:NoExecute op=Exists for 300s\nEvents:\n  Type    Reason     Age   From               Message\n  ----    ------     ----  ----               -------\n  Normal  Scheduled  8s    default-scheduler  Successfully assigned default/web to ');
  });

  it('describes namespaces, configmaps and secrets', async () => {
    const { run } = await kindSession();
    await run('create ns dev');
    expect((await run('describe ns dev')).stdout).toBe(
      'Name:         dev\nLabels:       kubernetes.io/metadata.name=dev\nAnnotations:  <none>\nStatus:       Active\n\nNo resource quota.\n\nNo LimitRange resource.\n',
    );
    await run('create configmap app-config --from-literal=MODE=prod --from-literal=LOG_LEVEL=debug');
    expect((await run('describe configmap app-config')).stdout).toBe(
      'Name:         app-config\nNamespace:    default\nLabels:       <none>\nAnnotations:  <none>\n\nData\n====\nLOG_LEVEL:\n----\ndebug\n\nMODE:\n----\nprod\n\n\nBinaryData\n====\n\nEvents:  <none>\n',
    );
    await run("create secret generic db-pass --from-literal=username=admin --from-literal=password=s3cr3t!");
    expect((await run('describe secret db-pass')).stdout).toBe(
      'Name:         db-pass\nNamespace:    default\nLabels:       <none>\nAnnotations:  <none>\n\nType:  Opaque\n\nData\n====\npassword:  7 bytes\nusername:  5 bytes\n',
    );
  });

  it('describes the kubernetes service and nodes', async () => {
    const { run } = await kindSession();
    const svc = (await run('describe svc kubernetes')).stdout;
    expect(svc).toContain('Selector:                 <none>\nType:                     ClusterIP\nIP Family Policy:         SingleStack\n');
    expect(svc).toContain('Port:                     https  443/TCP\nTargetPort:               6443/TCP\n');
    const node = (await run('describe node kind-control-plane')).stdout;
    expect(node).toContain('Taints:             node-role.kubernetes.io/control-plane:NoSchedule\nUnschedulable:      false\nLease:\n  HolderIdentity:  kind-control-plane\n');
    // Condition cells carry a trailing space in kubectl, so each column is one wider than the header needs.
    expect(node).toContain('Conditions:\n  Type             Status  LastHeartbeatTime                 LastTransitionTime                Reason                       Message\n  ----             ------  -----------------                 ------------------                ------                       -------\n');
    expect(node).toMatch(/\n  MemoryPressure   False   \w{3}, \d\d \w{3} \d{4} [\d:]{8} \+0000   \w{3}, \d\d \w{3} \d{4} [\d:]{8} \+0000   KubeletHasSufficientMemory   kubelet has sufficient memory available\n/);
    expect(node).toContain('Allocated resources:\n  (Total limits may be over 100 percent, i.e., overcommitted.)\n  Resource           Requests');
  });

  it('reports missing objects and types', async () => {
    const { run } = await kindSession();
    expect(await run('describe pod nosuchpod')).toEqual({ stdout: '', stderr: 'Error from server (NotFound): pods "nosuchpod" not found\n', code: 1 });
    expect((await run('describe foo')).stderr).toBe('error: the server doesn\'t have a resource type "foo"\n');
  });
});
