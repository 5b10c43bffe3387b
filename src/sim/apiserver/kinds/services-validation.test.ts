import { describe, expect, it } from 'vitest';
import { openSession } from '../../../../tests/support/session.ts';

describe('Service validation', () => {
  it('rejects ports out of range, node ports out of range or taken, and duplicate ports', async () => {
    const s = await openSession({ seed: 1 });
    expect((await s.run('kubectl create service nodeport a --tcp=80:80 --node-port=29999')).stderr).toBe(
      'error: failed to create NodePort service: Service "a" is invalid: spec.ports[0].nodePort: Invalid value: 29999: provided port is not in the valid range. The range of valid ports is 30000-32767\n',
    );
    await s.run('kubectl create service nodeport b --tcp=80:80 --node-port=30080');
    expect((await s.run('kubectl create service nodeport c --tcp=80:80 --node-port=30080')).stderr).toBe(
      'error: failed to create NodePort service: Service "c" is invalid: spec.ports[0].nodePort: Invalid value: 30080: provided port is already allocated\n',
    );
    expect((await s.run('kubectl create service clusterip d --tcp=80:80 --tcp=80:81')).stderr).toBe(
      'error: failed to create ClusterIP service: Service "d" is invalid: spec.ports[1]: Duplicate value: core.ServicePort{Name:"", Protocol:"TCP", AppProtocol:(*string)(nil), Port:80, TargetPort:intstr.IntOrString{Type:0, IntVal:0, StrVal:""}, NodePort:0}\n',
    );
    expect((await s.run('kubectl create service clusterip e --tcp=70000:80')).stderr).toBe('error: strconv.ParseUint: parsing "70000": value out of range\n');
    const r = await s.run(`kubectl apply -f - <<EOF
apiVersion: v1
kind: Service
metadata:
  name: f
spec:
  type: Foo
  ports:
  - port: 80
EOF`);
    expect(r.stderr).toBe('The Service "f" is invalid: spec.type: Unsupported value: "Foo": supported values: "ClusterIP", "ExternalName", "LoadBalancer", "NodePort"\n');
  });
});
