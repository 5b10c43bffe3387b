import { describe, expect, it } from 'vitest';
import { kindSession } from '../../testing.ts';

describe('kubectl version and cluster-info', () => {
  it('prints client, kustomize and server versions', async () => {
    const { run } = await kindSession();
    expect(await run('version')).toEqual({ stdout: 'Client Version: v1.32.5\nKustomize Version: v5.5.0\nServer Version: v1.32.6\n', stderr: '', code: 0 });
    expect((await run('version --client')).stdout).toBe('Client Version: v1.32.5\nKustomize Version: v5.5.0\n');
    expect((await run('version -o yaml')).stdout).toMatch(/^clientVersion:\n  buildDate: "2025-05-15T09:12:10Z"\n/);
  });

  it('prints cluster-info with CoreDNS', async () => {
    const { run } = await kindSession();
    expect((await run('cluster-info')).stdout).toBe(
      "Kubernetes control plane is running at https://127.0.0.1:6443\nCoreDNS is running at https://127.0.0.1:6443/api/v1/namespaces/kube-system/services/kube-dns:dns/proxy\n\nTo further debug and diagnose cluster problems, use 'kubectl cluster-info dump'.\n",
    );
  });

  it('lists api-resources from the registry', async () => {
    const { run } = await kindSession();
    const lines = (await run('api-resources')).stdout.split('\n');
    expect(lines[0]).toMatch(/^NAME +SHORTNAMES +APIVERSION +NAMESPACED +KIND$/);
    const cells = lines.map((l) => l.split(/ {2,}/));
    expect(cells).toContainEqual(['pods', 'po', 'v1', 'true', 'Pod']);
    expect(cells).toContainEqual(['customresourcedefinitions', 'crd,crds', 'apiextensions.k8s.io/v1', 'false', 'CustomResourceDefinition']);
    // Columns are as wide as the recorded 1.32 table (longest name validatingadmissionpolicybindings).
    expect(lines[0]).toBe('NAME                                SHORTNAMES   APIVERSION                        NAMESPACED   KIND');
    expect(lines).toContain('csistoragecapacities                             storage.k8s.io/v1                 true         CSIStorageCapacity');
    expect((await run('api-resources --namespaced=false -o name')).stdout).toContain('nodes\n');
  });
});
