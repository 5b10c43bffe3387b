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

describe('kubectl explain: status fields, Event and enums', () => {
  it('explains status fields down to their leaves, with their enums', async () => {
    const { run } = await kindSession();
    const status = (await run('explain pod.status')).stdout;
    expect(status).toMatch(/^KIND:       Pod\nVERSION:    v1\n\nFIELD: status <PodStatus>\n\nDESCRIPTION:\n    Most recently observed status of the pod\./);
    expect(status).toContain('\n  phase\t<string>\n  enum: Failed, Pending, Running, Succeeded, ....\n');
    expect(status).toContain('\n  startTime\t<string>\n');
    const phase = (await run('explain pod.status.phase')).stdout;
    expect(phase).toContain('FIELD: phase <string>\nENUM:\n    Failed\n    Pending\n    Running\n    Succeeded\n    Unknown\n\nDESCRIPTION:\n');
    expect(phase).toContain('    status. There are five possible phase values:\n    \n    Pending: The pod has been accepted');
    expect(phase).toContain('    Possible enum values:\n     - `"Failed"` means that all containers in the pod have terminated, and at\n    least one');
    const image = (await run('explain pod.status.containerStatuses')).stdout;
    expect(image).toContain('  image\t<string> -required-\n');
    expect(image).toContain('  allocatedResources\t<map[string]Quantity>\n');
    expect((await run('explain deploy.status.conditions')).stdout).toContain('  status\t<string> -required-\n');
    expect((await run('explain node.status.capacity')).stdout).toContain('FIELD: capacity <map[string]Quantity>\n');
    expect((await run('explain pod.status.nope')).stderr).toBe('error: field "nope" does not exist\n');
  });

  it('lists the status of a kind among its fields', async () => {
    const { run } = await kindSession();
    expect((await run('explain deployment')).stdout).toContain('\n  status\t<DeploymentStatus>\n    Most recently observed status of the Deployment.\n\n');
    expect((await run('explain svc')).stdout).toContain('\n  status\t<ServiceStatus>\n');
    expect((await run('explain pods --recursive')).stdout).toContain('\n  status\t<PodStatus>\n    conditions\t<[]PodCondition>\n      lastProbeTime\t<string>\n');
  });

  it('explains core/v1 Event and events.k8s.io/v1 Event', async () => {
    const { run } = await kindSession();
    const core = (await run('explain events')).stdout;
    expect(core).toMatch(/^KIND:       Event\nVERSION:    v1\n\nDESCRIPTION:\n    Event is a report of an event somewhere in the cluster\./);
    expect(core).toContain('\n  involvedObject\t<ObjectReference> -required-\n    The object that this event is about.\n\n');
    expect(core).toContain('\n  kind\t<string>\n    Kind is a string value');
    expect((await run('explain ev.series')).stdout).toContain('FIELD: series <EventSeries>\n');
    const events = (await run('explain events --api-version=events.k8s.io/v1')).stdout;
    expect(events).toMatch(/^GROUP:      events\.k8s\.io\nKIND:       Event\nVERSION:    v1\n/);
    expect(events).toContain('\n  eventTime\t<string> -required-\n    eventTime is the time when this Event was first observed. It is required.\n\n');
    expect(events).toContain('\n  regarding\t<ObjectReference>\n');
    expect((await run('explain events --api-version=events.k8s.io/v2')).stderr).toBe('error: GVR (events.k8s.io/v2, Resource=events) not found in OpenAPI schema\n');
  });

  it('prints enum values of spec fields with their notes', async () => {
    const { run } = await kindSession();
    const type = (await run('explain service.spec.type')).stdout;
    expect(type).toContain('FIELD: type <string>\nENUM:\n    ClusterIP\n    ExternalName\n    LoadBalancer\n    NodePort\n\nDESCRIPTION:\n');
    expect(type).toContain('    Possible enum values:\n     - `"ClusterIP"` means a service will only be accessible inside the cluster,\n    via the cluster IP.\n');
    const strategy = (await run('explain deployment.spec.strategy')).stdout;
    expect(strategy).toContain('  type\t<string>\n  enum: Recreate, RollingUpdate\n    Type of deployment.');
    expect((await run('explain deployment.spec.strategy.type')).stdout).toContain('ENUM:\n    Recreate\n    RollingUpdate\n\n');
    expect((await run('explain pod.spec.containers.ports.protocol')).stdout).toContain('ENUM:\n    SCTP\n    TCP\n    UDP\n\n');
  });
});
