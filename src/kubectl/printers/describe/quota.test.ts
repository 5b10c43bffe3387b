import { describe, expect, it } from 'vitest';
import { kindSession } from '../../testing.ts';

const NETPOL = `apiVersion: networking.k8s.io/v1
kind: NetworkPolicy
metadata:
  name: mixed
spec:
  podSelector: {}
  ingress:
  - ports:
    - port: 8080
    - port: 53
      protocol: UDP
  egress:
  - to:
    - ipBlock:
        cidr: 10.0.0.0/8
        except: [10.96.0.0/12, 10.1.0.0/16]
    - namespaceSelector:
        matchExpressions:
        - {key: team, operator: In, values: [a, b]}
`;

describe('kubectl describe quota, limits and netpol', () => {
  it('prints a quota with used shown in the hard limit format', async () => {
    const { c, run } = await kindSession({});
    expect((await run('create quota q --hard=pods=3,memory=1G,cpu=2')).stdout).toBe('resourcequota/q created\n');
    // The quota controller fills the status after the create returns.
    c.settle();
    expect((await run('describe quota q')).stdout).toBe(`Name:       q
Namespace:  default
Resource    Used  Hard
--------    ----  ----
cpu         0     2
memory      0     1G
pods        0     3
`);
    expect((await run('get quota')).stdout).toMatch(/^NAME   AGE   REQUEST {29}LIMIT\nq      \d+s +cpu: 0\/2, memory: 0\/1G, pods: 0\/3   \n$/);
  });

  it('prints a LimitRange table with dashes for unset columns', async () => {
    const { run } = await kindSession({
      'lr.yaml':
        'apiVersion: v1\nkind: LimitRange\nmetadata:\n  name: lr\nspec:\n  limits:\n  - type: Container\n    max: {cpu: "1"}\n    maxLimitRequestRatio: {memory: "2"}\n  - type: Pod\n    min: {memory: 64Mi}\n',
    });
    await run('apply -f lr.yaml');
    expect((await run('describe limits lr')).stdout).toBe(`Name:       lr
Namespace:  default
Type        Resource  Min   Max  Default Request  Default Limit  Max Limit/Request Ratio
----        --------  ---   ---  ---------------  -------------  -----------------------
Container   cpu       -     1    1                1              -
Container   memory    -     -    -                -              2
Pod         memory    64Mi  -    -                -              -
`);
  });

  it('prints ports, peers and the policy types of a NetworkPolicy', async () => {
    const { run } = await kindSession({ 'np.yaml': NETPOL });
    await run('apply -f np.yaml');
    const out = (await run('describe netpol mixed')).stdout;
    expect(out.replace(/Created on:.*\n/, '')).toBe(`Name:         mixed
Namespace:    default
Labels:       <none>
Annotations:  <none>
Spec:
  PodSelector:     <none> (Allowing the specific traffic to all pods in this namespace)
  Allowing ingress traffic:
    To Port: 8080/TCP
    To Port: 53/UDP
    From: <any> (traffic not restricted by source)
  Allowing egress traffic:
    To Port: <any> (traffic allowed to all ports)
    To:
      IPBlock:
        CIDR: 10.0.0.0/8
        Except: 10.96.0.0/12, 10.1.0.0/16
    To:
      NamespaceSelector: team in (a,b)
  Policy Types: Ingress, Egress
`);
    expect(out).toMatch(/Created on:   \d{4}-\d\d-\d\d \d\d:\d\d:\d\d \+0000 UTC\n/);
    expect((await run('get netpol')).stdout).toMatch(/^NAME    POD-SELECTOR   AGE\nmixed   <none>         \d+s\n$/);
  });
});
