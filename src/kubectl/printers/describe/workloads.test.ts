import { describe, expect, it } from 'vitest';
import { kindSession } from '../../testing.ts';

const STS = `apiVersion: apps/v1
kind: StatefulSet
metadata:
  name: web
spec:
  serviceName: nginx
  replicas: 2
  selector:
    matchLabels:
      app: nginx
  template:
    metadata:
      labels:
        app: nginx
    spec:
      containers:
      - name: nginx
        image: nginx:1.25
        ports:
        - containerPort: 80
        volumeMounts:
        - name: www
          mountPath: /usr/share/nginx/html
  volumeClaimTemplates:
  - metadata:
      name: www
    spec:
      accessModes: ["ReadWriteOnce"]
      resources:
        requests:
          storage: 1Gi
`;

const DS = `apiVersion: apps/v1
kind: DaemonSet
metadata:
  name: node-agent
  namespace: kube-system
spec:
  selector:
    matchLabels:
      name: node-agent
  template:
    metadata:
      labels:
        name: node-agent
    spec:
      containers:
      - name: agent
        image: busybox:1.36
        command: ["sleep", "infinity"]
`;

const TEMPLATE = (labels: string, container: string) => `Pod Template:
${labels}  Containers:
${container}  Volumes:         <none>
  Node-Selectors:  <none>
  Tolerations:     <none>
`;

describe('kubectl describe for workloads', () => {
  it('describes a Deployment in the middle of a rollout, and its ReplicaSet', async () => {
    const { run, c } = await kindSession();
    await run('create deployment web --image=nginx:1.25 --replicas=3');
    c.advance(10_000);
    await run('set image deployment/web nginx=nginx:nosuchtag');
    c.advance(5_000);
    const rss = c.api.list('replicasets.apps', { namespace: 'default' });
    const byRev = (n: string) => rss.find((r) => r.metadata.annotations?.['deployment.kubernetes.io/revision'] === n)!.metadata.name!;
    const [old, fresh] = [byRev('1'), byRev('2')];
    const r = await run('describe deployment web');
    expect(r.stdout).toBe(
      `Name:                   web
Namespace:              default
CreationTimestamp:      Mon, 30 Nov 2026 03:00:00 +0000
Labels:                 app=web
Annotations:            deployment.kubernetes.io/revision: 2
Selector:               app=web
Replicas:               3 desired | 1 updated | 4 total | 3 available | 1 unavailable
StrategyType:           RollingUpdate
MinReadySeconds:        0
RollingUpdateStrategy:  25% max unavailable, 25% max surge
` +
        TEMPLATE(
          '  Labels:  app=web\n',
          '   nginx:\n    Image:         nginx:nosuchtag\n    Port:          <none>\n    Host Port:     <none>\n    Environment:   <none>\n    Mounts:        <none>\n',
        ) +
        `Conditions:
  Type           Status  Reason
  ----           ------  ------
  Available      True    MinimumReplicasAvailable
  Progressing    True    ReplicaSetUpdated
OldReplicaSets:  ${old} (3/3 replicas created)
NewReplicaSet:   ${fresh} (1/1 replicas created)
Events:
  Type    Reason             Age   From                   Message
  ----    ------             ----  ----                   -------
  Normal  ScalingReplicaSet  15s   deployment-controller  Scaled up replica set ${old} from 0 to 3
  Normal  ScalingReplicaSet  5s    deployment-controller  Scaled up replica set ${fresh} from 0 to 1
`,
    );
    const rs = (await run(`describe rs ${old}`)).stdout;
    const hash = old.slice(4);
    expect(rs.split('Pod Template:')[0]).toBe(
      `Name:           ${old}
Namespace:      default
Selector:       app=web,pod-template-hash=${hash}
Labels:         app=web
                pod-template-hash=${hash}
Annotations:    deployment.kubernetes.io/desired-replicas: 3
                deployment.kubernetes.io/max-replicas: 4
                deployment.kubernetes.io/revision: 1
Controlled By:  Deployment/web
Replicas:       3 current / 3 desired
Pods Status:    3 Running / 0 Waiting / 0 Succeeded / 0 Failed
`,
    );
    expect(rs).toContain(`Pod Template:\n  Labels:  app=web\n           pod-template-hash=${hash}\n  Containers:\n   nginx:\n`);
  });

  it('still lists scaled-down old ReplicaSets after a finished rollout, as a real 1.32 cluster shows', async () => {
    const { run } = await kindSession();
    await run('create deployment d --image=nginx:1.27 --replicas=2');
    await run('rollout status deploy/d');
    const first = JSON.parse((await run('get rs -o json')).stdout).items[0].metadata.name;
    await run('set image deploy/d nginx=nginx:1.26');
    await run('rollout status deploy/d');
    const rs = JSON.parse((await run('get rs -o json')).stdout).items.find((r: { spec: { replicas: number } }) => r.spec.replicas === 2).metadata.name;
    const out = (await run('describe deploy d')).stdout;
    expect(out).toContain(`OldReplicaSets:  ${first} (0/0 replicas created)\nNewReplicaSet:   ${rs} (2/2 replicas created)\n`);
  });

  it('describes StatefulSets with volume claims, their PVCs and the StorageClass', async () => {
    const { run, c } = await kindSession({ 'sts.yaml': STS });
    await run('apply -f sts.yaml');
    c.advance(30_000);
    const sts = await run('describe sts web');
    expect(sts.stdout.split('Events:')[0]).toBe(
      `Name:               web
Namespace:          default
CreationTimestamp:  Mon, 30 Nov 2026 03:00:00 +0000
Selector:           app=nginx
Labels:             <none>
Annotations:        <none>
Replicas:           2 desired | 2 total
Update Strategy:    RollingUpdate
  Partition:        0
Pods Status:        2 Running / 0 Waiting / 0 Succeeded / 0 Failed
Pod Template:
  Labels:  app=nginx
  Containers:
   nginx:
    Image:        nginx:1.25
    Port:         80/TCP
    Host Port:    0/TCP
    Environment:  <none>
    Mounts:
      /usr/share/nginx/html from www (rw)
  Volumes:         <none>
  Node-Selectors:  <none>
  Tolerations:     <none>
Volume Claims:
  Name:          www
  StorageClass:  
  Labels:        <none>
  Annotations:   <none>
  Capacity:      1Gi
  Access Modes:  [ReadWriteOnce]
`,
    );
    expect(sts.stdout).toContain('  Normal  SuccessfulCreate  30s   statefulset-controller  create Claim www-web-0 Pod web-0 in StatefulSet web success\n');
    const pvc = c.api.get('persistentvolumeclaims', 'default', 'www-web-0');
    const out = (await run('describe pvc www-web-0 --show-events=false')).stdout;
    expect(out).toMatch(new RegExp(`^Name:          www-web-0\nNamespace:     default\nStorageClass:  standard\nStatus:        Bound\nVolume:        ${pvc.spec.volumeName}\nLabels:        app=nginx\n`));
    expect(out.endsWith('Finalizers:    [kubernetes.io/pvc-protection]\nCapacity:      1Gi\nAccess Modes:  RWO\nVolumeMode:    Filesystem\nUsed By:       web-0\n')).toBe(true);
    expect((await run('describe sc standard')).stdout).toBe(
      'Name:                  standard\nIsDefaultClass:        Yes\nAnnotations:           storageclass.kubernetes.io/is-default-class=true\nProvisioner:           rancher.io/local-path\nParameters:            <none>\nAllowVolumeExpansion:  <unset>\nMountOptions:          <none>\nReclaimPolicy:         Delete\nVolumeBindingMode:     WaitForFirstConsumer\nEvents:                <none>\n',
    );
    const pv = (await run(`describe pv ${pvc.spec.volumeName} --show-events=false`)).stdout;
    expect(pv).toContain('Claim:             default/www-web-0\nReclaim Policy:    Delete\nAccess Modes:      RWO\n');
    expect(pv).toContain('Source:\n    Type:          HostPath (bare host directory volume)\n');
  });

  it('describes a DaemonSet without a Namespace line, as kubectl 1.32 does', async () => {
    const { run, c } = await kindSession({ 'ds.yaml': DS });
    await run('apply -f ds.yaml');
    c.advance(10_000);
    const out = (await run('describe ds node-agent -n kube-system')).stdout;
    expect(out.split('Events:')[0]).toBe(
      `Name:           node-agent
Selector:       name=node-agent
Node-Selector:  <none>
Labels:         <none>
Annotations:    deprecated.daemonset.template.generation: 1
Desired Number of Nodes Scheduled: 2
Current Number of Nodes Scheduled: 2
Number of Nodes Scheduled with Up-to-date Pods: 2
Number of Nodes Scheduled with Available Pods: 2
Number of Nodes Misscheduled: 0
Pods Status:  2 Running / 0 Waiting / 0 Succeeded / 0 Failed
Pod Template:
  Labels:  name=node-agent
  Containers:
   agent:
    Image:      busybox:1.36
    Port:       <none>
    Host Port:  <none>
    Command:
      sleep
      infinity
    Environment:   <none>
    Mounts:        <none>
  Volumes:         <none>
  Node-Selectors:  <none>
  Tolerations:     <none>
`,
    );
  });

  it('describes Jobs and CronJobs', async () => {
    const { run, c } = await kindSession();
    await run("create job hello --image=busybox -- echo 'Hello World'");
    c.advance(20_000);
    const job = c.api.get('jobs.batch', 'default', 'hello');
    const uid = job.metadata.uid;
    const out = (await run('describe job hello --show-events=false')).stdout;
    expect(out).toMatch(
      new RegExp(
        `^Name:             hello\nNamespace:        default\nSelector:         batch.kubernetes.io/controller-uid=${uid}\nLabels:           batch.kubernetes.io/controller-uid=${uid}\n                  batch.kubernetes.io/job-name=hello\n                  controller-uid=${uid}\n                  job-name=hello\nAnnotations:      <none>\nParallelism:      1\nCompletions:      1\nCompletion Mode:  NonIndexed\nSuspend:          false\nBackoff Limit:    6\nStart Time:       Mon, 30 Nov 2026 03:00:00 \\+0000\nCompleted At:     .*\nDuration:         \\d+s\nPods Statuses:    0 Active \\(0 Ready\\) / 1 Succeeded / 0 Failed\nPod Template:\n`,
      ),
    );
    expect(out).toContain('   hello:\n    Image:      busybox\n    Port:       <none>\n    Host Port:  <none>\n    Command:\n      echo\n      Hello World\n    Environment:   <none>\n');
    await run("create cronjob ticker --image=busybox --schedule='*/1 * * * *' -- date");
    expect((await run('describe cronjob ticker')).stdout).toBe(
      `Name:                          ticker
Namespace:                     default
Labels:                        <none>
Annotations:                   <none>
Schedule:                      */1 * * * *
Concurrency Policy:            Allow
Suspend:                       False
Successful Job History Limit:  3
Failed Job History Limit:      1
Starting Deadline Seconds:     <unset>
Selector:                      <unset>
Parallelism:                   <unset>
Completions:                   <unset>
Pod Template:
  Labels:  <none>
  Containers:
   ticker:
    Image:      busybox
    Port:       <none>
    Host Port:  <none>
    Command:
      date
    Environment:     <none>
    Mounts:          <none>
  Volumes:           <none>
  Node-Selectors:    <none>
  Tolerations:       <none>
Last Schedule Time:  <unset>
Active Jobs:         <none>
Events:              <none>
`,
    );
  });
});
