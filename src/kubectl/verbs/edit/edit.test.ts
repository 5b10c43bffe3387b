import { describe, expect, it } from 'vitest';
import type { EditRequest } from '../../../command/contract.ts';
import { kindSession } from '../../testing.ts';

const HEADER = `# Please edit the object below. Lines beginning with a '#' will be ignored,
# and an empty file will abort the edit. If an error occurs while saving this file will be
# reopened with the relevant failures.
#
`;

/** A fake editor: each call answers with the next step's text (a function of what it was shown), null = quit without saving. */
function editor(...steps: ((text: string) => string | null)[]) {
  const opened: EditRequest[] = [];
  const edit = async (req: EditRequest) => {
    opened.push(req);
    const step = steps[opened.length - 1];
    return step ? step(req.text) : null;
  };
  return { edit, opened };
}

async function withDeployment() {
  const s = await kindSession();
  await s.run('create deployment web --image=nginx:1.27');
  return s;
}

describe('kubectl edit', () => {
  it('opens the object under the header and patches what changed', async () => {
    const { run, c, fs } = await withDeployment();
    const e = editor((t) => t.replace('replicas: 1', 'replicas: 3'));
    expect(await run('edit deploy/web', { edit: e.edit })).toEqual({ stdout: 'deployment.apps/web edited\n', stderr: '', code: 0 });
    const req = e.opened[0]!;
    expect(req.path).toMatch(/^\/tmp\/kubectl-edit-[a-z0-9]{5}\.yaml$/);
    expect(req.editor).toBe('vi');
    expect(req.text.startsWith(HEADER + 'apiVersion: apps/v1\nkind: Deployment\nmetadata:\n')).toBe(true);
    const live = c.api.get('deployments.apps', 'default', 'web');
    expect((live.spec as { replicas: number }).replicas).toBe(3);
    // The temporary file goes once the edit is saved.
    expect(fs.exists(req.path)).toBe(false);
  });

  it('says so when nothing changed (quit without saving, or only comments and layout changed)', async () => {
    const { run } = await withDeployment();
    expect(await run('edit deployment web', { edit: editor(() => null).edit })).toEqual({ stdout: '', stderr: 'Edit cancelled, no changes made.\n', code: 0 });
    const reformatted = (t: string) => t.replace(/^#.*\n/gm, '# my note\n').replace('  replicas: 1\n', '  replicas:    1\n');
    expect(await run('edit deploy/web', { edit: editor(reformatted).edit })).toEqual({ stdout: '', stderr: 'Edit cancelled, no changes made.\n', code: 0 });
  });

  it('reopens an invalid save with the reasons in the header; quitting keeps a copy', async () => {
    const { run, fs } = await withDeployment();
    const e = editor((t) => t.replace('replicas: 1', 'replicas: -1'));
    const r = await run('edit deploy/web', { edit: e.edit });
    const copy = e.opened[1]!.path;
    expect(r).toEqual({
      stdout: '',
      stderr: `error: deployments.apps "web" is invalid\nA copy of your changes has been stored to "${copy}"\nerror: Edit cancelled, no valid changes were saved.\n`,
      code: 1,
    });
    const again = e.opened[1]!.text;
    expect(
      again.startsWith(
        HEADER + '# deployments.apps "web" was not valid:\n# * spec.replicas: Invalid value: -1: must be greater than or equal to 0\n#\napiVersion: apps/v1\n',
      ),
    ).toBe(true);
    expect(again).toContain('  replicas: -1\n');
    expect(fs.read(copy)).toBe(again);
    expect(copy).not.toBe(e.opened[0]!.path);
  });

  it('takes a corrected second save', async () => {
    const { run, c } = await withDeployment();
    const e = editor(
      (t) => t.replace('replicas: 1', 'replicas: -1'),
      (t) => t.replace('replicas: -1', 'replicas: 2'),
    );
    expect(await run('edit deploy/web', { edit: e.edit })).toEqual({
      stdout: 'deployment.apps/web edited\n',
      stderr: 'error: deployments.apps "web" is invalid\n',
      code: 0,
    });
    expect((c.api.get('deployments.apps', 'default', 'web').spec as { replicas: number }).replicas).toBe(2);
  });

  it('reopens a file that does not parse with the syntax error', async () => {
    const { run } = await withDeployment();
    const e = editor((t) => t.replace('  replicas: 1\n', '  replicas: 1\n bad: [\n'));
    const r = await run('edit deploy/web', { edit: e.edit });
    expect(r.code).toBe(1);
    expect(r.stderr).toBe(`A copy of your changes has been stored to "${e.opened[1]!.path}"\nerror: Edit cancelled, no valid changes were saved.\n`);
    expect(e.opened[1]!.text).toMatch(
      /^# Please edit[^]*#\n# The edited file had a syntax error: error parsing edited-file: error converting YAML to JSON: yaml: line \d+: [^\n]+\n#\napiVersion: apps\/v1\n/,
    );
  });

  it('fails as kubectl does without an editor it can start', async () => {
    const { run, fs } = await withDeployment();
    expect(await run('edit deploy/web')).toEqual({ stdout: '', stderr: 'error: unable to launch the editor "vi"\n', code: 1 });
    const e = editor((t) => t);
    expect(await run('edit deploy/web', { edit: e.edit, env: { KUBE_EDITOR: 'code --wait', EDITOR: 'nano' } })).toEqual({
      stdout: '',
      stderr: 'error: unable to launch the editor "code --wait"\n',
      code: 1,
    });
    expect(e.opened).toHaveLength(0);
    // As kubectl does, the file written for the editor stays behind.
    expect(fs.walk('/tmp').every((p) => /^\/tmp\/kubectl-edit-[a-z0-9]{5}\.yaml$/.test(p))).toBe(true);
  });

  it("opens the editor EDITOR names when it is one of the terminal's", async () => {
    const { run } = await withDeployment();
    const e = editor(() => null);
    await run('edit deploy/web', { edit: e.edit, env: { EDITOR: '/usr/bin/nano' } });
    expect(e.opened[0]!.editor).toBe('/usr/bin/nano');
  });

  it('edits JSON without a header with -o json, and prints the result in that format', async () => {
    const { run } = await withDeployment();
    const e = editor((t) => t.replace('"replicas": 1', '"replicas": 2'));
    const r = await run('edit deploy/web -o json', { edit: e.edit });
    expect(e.opened[0]!.path).toMatch(/\.json$/);
    expect(e.opened[0]!.text.startsWith('{\n    "apiVersion": "apps/v1",\n')).toBe(true);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout).spec.replicas).toBe(2);
    expect(await run('edit deploy/web -o wide', { edit: e.edit })).toEqual({
      stdout: '',
      stderr: 'error: unable to match a printer suitable for the output format "wide", allowed formats are: json,yaml\n',
      code: 1,
    });
  });

  it('refuses a changed name and keeps the copy; an empty file cancels', async () => {
    const { run } = await withDeployment();
    const e = editor((t) => t.replace('  name: web\n', '  name: other\n'));
    const r = await run('edit deploy/web', { edit: e.edit });
    expect(r).toEqual({
      stdout: '',
      stderr: `A copy of your changes has been stored to "${e.opened[0]!.path}"\nerror: At least one of apiVersion, kind and name was changed\n`,
      code: 1,
    });
    expect(await run('edit deploy/web', { edit: editor(() => '# nothing\n\n').edit })).toEqual({
      stdout: '',
      stderr: 'Edit cancelled, saved file was empty.\n',
      code: 0,
    });
  });

  it('names what it cannot find, and asks for resources', async () => {
    const { run } = await withDeployment();
    const e = editor(() => null);
    expect(await run('edit deploy/nope', { edit: e.edit })).toEqual({
      stdout: '',
      stderr: 'Error from server (NotFound): deployments.apps "nope" not found\n',
      code: 1,
    });
    expect((await run('edit', { edit: e.edit })).stderr).toMatch(/^error: You must provide one or more resources by argument or filename\./);
    expect(await run('edit deploy -n kube-public', { edit: e.edit })).toEqual({ stdout: '', stderr: 'error: edit cancelled, no objects found\n', code: 1 });
    expect(e.opened).toHaveLength(0);
  });

  it('edits several objects as one List and reports each', async () => {
    const { run, c } = await withDeployment();
    await run('create deployment api --image=nginx:1.27');
    const e = editor((t) => t.replaceAll('replicas: 1', 'replicas: 2'));
    const r = await run('edit deploy', { edit: e.edit });
    expect(e.opened[0]!.text).toMatch(/^# Please edit[^]*#\napiVersion: v1\nitems:\n- apiVersion: apps\/v1\n/);
    expect(e.opened[0]!.text).toMatch(/\nkind: List\nmetadata: \{\}\n$/);
    expect(r).toEqual({ stdout: 'deployment.apps/api edited\ndeployment.apps/web edited\n', stderr: '', code: 0 });
    expect((c.api.get('deployments.apps', 'default', 'api').spec as { replicas: number }).replicas).toBe(2);
  });

  it('keeps a namespace in the file to the one asked for', async () => {
    const { run } = await withDeployment();
    const e = editor((t) => t.replace('  namespace: default\n', '  namespace: other\n'));
    const r = await run('edit deploy/web', { edit: e.edit });
    expect(r.stderr).toBe(
      `A copy of your changes has been stored to "${e.opened[0]!.path}"\nerror: the namespace from the provided object "other" does not match the namespace "default". You must pass '--namespace=other' to perform this operation.\n`,
    );
  });

  it('keeps the saved object for kubectl apply with --save-config', async () => {
    const { run, c } = await withDeployment();
    const e = editor((t) => t.replace('replicas: 1', 'replicas: 2'));
    expect((await run('edit deploy/web --save-config', { edit: e.edit })).stdout).toBe('deployment.apps/web edited\n');
    const live = c.api.get('deployments.apps', 'default', 'web');
    const saved = JSON.parse(live.metadata.annotations!['kubectl.kubernetes.io/last-applied-configuration']!);
    expect(saved.spec.replicas).toBe(2);
    expect(saved.kind).toBe('Deployment');
  });
});
