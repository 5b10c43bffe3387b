/**
 * kubectl fed odd input, through the command-line transcript runner: every case must end in a
 * kubectl-shaped message (the client-side ones as the real kubectl 1.32 client prints them,
 * recorded with `--dry-run=client` or a bad flag, which need no server) and never in a
 * JavaScript error or a hang.
 */
import { describe, expect, it } from 'vitest';
import { runTranscript } from '../../src/cli/transcript.ts';
import { expectNoCrash } from './support.ts';

/** Runs `lines` on a fresh cluster with `files` in the home directory; returns the transcript. */
async function session(lines: string[], files: Record<string, string> = {}): Promise<string> {
  const out = await runTranscript(lines.join('\n'), { files });
  expectNoCrash(out);
  return out;
}

/** The output of the one command `line` (the transcript without its `$ line` header). */
async function output(line: string, files: Record<string, string> = {}): Promise<string> {
  const out = await session([line], files);
  return out.slice(out.indexOf('\n') + 1);
}

const POD = (name: string) => `apiVersion: v1\nkind: Pod\nmetadata:\n  name: ${name}\nspec:\n  containers:\n  - name: c\n    image: nginx\n`;

/** A billion-laughs document: nine levels of nine aliases each (9^9 strings if expanded). */
const LAUGHS = ['apiVersion: v1', 'kind: ConfigMap', 'metadata:', '  name: lol', 'data:', '  a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]']
  .concat('bcdefghi'.split('').map((c, i) => `  ${c}: &${c} [${Array(9).fill('*' + 'abcdefghi'[i]).join(',')}]`))
  .join('\n');

const NO_OBJECTS = 'error: no objects passed to apply\n';

describe('kubectl with odd manifests', () => {
  it('an empty file, a file of comments and /dev/null pass no objects', async () => {
    const files = { 'empty.yaml': '', 'comments.yaml': '# only\n# comments\n---\n# more\n' };
    expect(await output('kubectl apply -f empty.yaml', files)).toBe(NO_OBJECTS);
    expect(await output('kubectl apply -f comments.yaml', files)).toBe(NO_OBJECTS);
    expect(await output('kubectl apply -f /dev/null', files)).toBe(NO_OBJECTS);
    expect(await output('kubectl create -f empty.yaml', files)).toBe('error: no objects passed to create\n');
    expect(await output('kubectl apply -f - < /dev/null')).toBe(NO_OBJECTS);
  });

  it('a directory without manifests is refused with the recognised extensions', async () => {
    const out = await output('kubectl apply -f notes', { 'notes/readme.txt': 'hello\n' });
    expect(out).toBe('error: error reading [notes]: recognized file extensions are [.json .yaml .yml]\n');
  });

  it('takes JSON manifests and kind: List', async () => {
    const json = JSON.stringify({ apiVersion: 'v1', kind: 'Pod', metadata: { name: 'from-json' }, spec: { containers: [{ name: 'c', image: 'nginx' }] } });
    const list = JSON.stringify({
      apiVersion: 'v1',
      kind: 'List',
      items: ['a', 'b'].map((n) => ({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: `cm-${n}` }, data: { k: n } })),
    });
    const yamlList = 'apiVersion: v1\nkind: List\nitems:\n- apiVersion: v1\n  kind: ConfigMap\n  metadata:\n    name: cm-c\n';
    const out = await session(['kubectl apply -f pod.json', 'kubectl apply -f list.json', 'kubectl apply -f list.yaml', 'kubectl get cm -o name'], {
      'pod.json': json,
      'list.json': list,
      'list.yaml': yamlList,
    });
    expect(out).toContain('pod/from-json created\n');
    expect(out).toContain('configmap/cm-a created\nconfigmap/cm-b created\n');
    expect(out).toContain('configmap/cm-c created\n');
    expect(out).toMatch(/configmap\/cm-a\nconfigmap\/cm-b\nconfigmap\/cm-c\n/);
  });

  it('refuses numbers too large for their field, as the API server does', async () => {
    const deploy = (replicas: string) =>
      `apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: big\nspec:\n  replicas: ${replicas}\n  selector:\n    matchLabels: {app: big}\n  template:\n    metadata:\n      labels: {app: big}\n    spec:\n      containers:\n      - name: c\n        image: nginx\n`;
    const out = await session(['kubectl apply -f huge.yaml', 'kubectl apply -f inf.yaml', 'kubectl get deploy'], {
      'huge.yaml': deploy('99999999999999999999999'),
      'inf.yaml': deploy('1e400'),
    });
    expect(out).toMatch(/^Error from server \(BadRequest\): error when creating "huge\.yaml": Deployment in version "v1" cannot be handled as a Deployment: json: cannot unmarshal number .* of type int32$/m);
    expect(out).toMatch(/^Error from server \(BadRequest\): error when creating "inf\.yaml": /m);
    expect(out).toContain('No resources found in default namespace.');
    // Real kubectl 1.32 refuses it while parsing flags (pflag's int is Go's 64-bit int).
    expect(await output('kubectl scale deployment web --replicas=99999999999999999999')).toBe(
      'error: invalid argument "99999999999999999999" for "--replicas" flag: strconv.ParseInt: parsing "99999999999999999999": value out of range\nSee \'kubectl scale --help\' for usage.\n',
    );
    expect(await output('kubectl logs x --tail=1e99')).toBe('error: invalid argument "1e99" for "--tail" flag: strconv.ParseInt: parsing "1e99": invalid syntax\nSee \'kubectl logs --help\' for usage.\n');
  });

  it('refuses unicode names with the RFC 1123 message and keeps unicode data', async () => {
    const out = await session(['kubectl create configmap café', 'kubectl create configmap greet --from-literal=msg=héllo-wörld-日本', "kubectl get cm greet -o jsonpath='{.data.msg}'"]);
    expect(out).toMatch(/error: failed to create configmap: ConfigMap "café" is invalid: metadata\.name: Invalid value: "café": a lowercase RFC 1123 subdomain/);
    expect(out).toContain('configmap/greet created');
    expect(out).toMatch(/^héllo-wörld-日本$/m);
  });

  it('reports malformed YAML and unknown kinds in kubectl words', async () => {
    const files = {
      'bad.yaml': 'apiVersion: v1\nkind: Pod\nmetadata:\n  name: x\n   bad: [\n',
      'tabs.yaml': 'apiVersion: v1\nkind: Pod\n\tmetadata: {}\n',
      'unknown.yaml': 'apiVersion: v1\nkind: Foo\nmetadata:\n  name: x\n',
      'nokind.yaml': 'metadata:\n  name: x\n',
      'scalar.yaml': 'just a string\n',
    };
    expect(await output('kubectl apply -f bad.yaml', files)).toMatch(/^error: error parsing bad\.yaml: error converting YAML to JSON: yaml: line \d+: .+\n$/);
    expect(await output('kubectl apply -f tabs.yaml', files)).toMatch(/^error: error parsing tabs\.yaml: error converting YAML to JSON: yaml: line \d+: found character that cannot start any token\n$/);
    expect(await output('kubectl apply -f unknown.yaml', files)).toBe('error: resource mapping not found for name: "x" namespace: "" from "unknown.yaml": no matches for kind "Foo" in version "v1"\nensure CRDs are installed first\n');
    expect(await output('kubectl apply -f nokind.yaml', files)).toBe('error: error validating "nokind.yaml": error validating data: [apiVersion not set, kind not set]; if you choose to ignore these errors, turn validation off with --validate=false\n');
    expect(await output('kubectl apply -f scalar.yaml', files)).toMatch(/^error: error (validating|parsing) "?scalar\.yaml/);
  });

  it('binary garbage on stdin is a YAML error, not a crash', async () => {
    let x = 12345;
    let bytes = '';
    for (let i = 0; i < 4096; i++) {
      x = (x * 1103515245 + 12345) & 0x7fffffff;
      bytes += String.fromCharCode(x % 256);
    }
    const out = await output('kubectl apply -f - < garbage.bin', { 'garbage.bin': bytes });
    // Real kubectl: "error: error parsing STDIN: error converting YAML to JSON: yaml: control characters are not allowed".
    expect(out).toMatch(/^error: error parsing STDIN: error converting YAML to JSON: yaml: /);
    const piped = await output("printf '\\x00\\x01\\xff\\xfe---\\n\\x1b[2J' | kubectl apply -f -");
    expect(piped).toMatch(/^error: error parsing STDIN: error converting YAML to JSON: yaml: /);
  });

  it('bounds deeply nested documents', async () => {
    const flow = 'apiVersion: v1\nkind: ConfigMap\nmetadata: {name: deep}\nx: ' + '['.repeat(20_000) + ']'.repeat(20_000) + '\n';
    const json = '{"apiVersion":"v1","kind":"ConfigMap","metadata":{"name":"deepj"},"x":' + '{"a":'.repeat(20_000) + '1' + '}'.repeat(20_000) + '}';
    const block = 'apiVersion: v1\nkind: ConfigMap\nmetadata: {name: deepb}\nx:\n' + Array.from({ length: 3000 }, (_, i) => ' '.repeat(i + 1) + 'k:').join('\n') + ' 1\n';
    const t0 = performance.now();
    const out = await session(['kubectl apply -f flow.yaml', 'kubectl apply -f deep.json', 'kubectl apply -f block.yaml', 'kubectl get ns default -o name'], {
      'flow.yaml': flow,
      'deep.json': json,
      'block.yaml': block,
    });
    expect(performance.now() - t0).toBeLessThan(15_000);
    expect(out).toContain('namespace/default');
    for (const f of ['flow.yaml', 'deep.json', 'block.yaml']) expect(out).toMatch(new RegExp(`^\\$ kubectl apply -f ${f.replace('.', '\\.')}\\n(error|Error from server|The ConfigMap|configmap/)`, 'm'));
  }, 30_000);

  it('refuses a billion-laughs alias bomb quickly, in Go yaml words', async () => {
    const t0 = performance.now();
    const out = await output('kubectl apply -f laughs.yaml', { 'laughs.yaml': LAUGHS });
    expect(performance.now() - t0).toBeLessThan(5000);
    // Real kubectl 1.32 (client side, no server needed).
    expect(out).toBe('error: error parsing laughs.yaml: error converting YAML to JSON: yaml: document contains excessive aliasing\n');
  });

  it('keeps a few honest aliases working', async () => {
    const doc = 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: aliased\n  labels: &l {app: web}\n  annotations: *l\n';
    const out = await session(['kubectl apply -f a.yaml', "kubectl get cm aliased -o jsonpath='{.metadata.annotations.app}'"], { 'a.yaml': doc });
    expect(out).toContain('configmap/aliased created');
    expect(out).toMatch(/^web$/m);
  });

  it('handles very long lines', async () => {
    const long = 'x'.repeat(300_000);
    const out = await session([
      'kubectl apply -f long.yaml',
      `kubectl get pod ${'y'.repeat(5000)}`,
      'kubectl create configmap medium --from-file=blob.txt',
      'kubectl get cm medium -o json | wc -c',
    ], {
      'long.yaml': `apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: long\ndata:\n  k: ${long}\n`,
      'blob.txt': 'z'.repeat(200_000),
    });
    expect(out).toMatch(/metadata\.annotations: Too long: may not be more than 262144 bytes/);
    expect(out).toMatch(/Error from server \(NotFound\): pods "y{5000}" not found/);
    expect(out).toContain('configmap/medium created');
    expect(Number(/^\s*(\d+)$/m.exec(out.split('wc -c')[1]!)![1])).toBeGreaterThan(200_000);
  });
});

describe('kubectl with odd flags', () => {
  it('names the printer formats for --output=bogus, as kubectl 1.32 does', async () => {
    const expected =
      'error: unable to match a printer suitable for the output format "bogus", allowed formats are: custom-columns,custom-columns-file,go-template,go-template-file,json,jsonpath,jsonpath-as-json,jsonpath-file,name,template,templatefile,wide,yaml\n';
    expect(await output('kubectl get pods --output=bogus')).toBe(expected);
    expect(await output('kubectl get pods -o bogus')).toBe(expected);
  });

  it('flags with missing values name the flag and the help to read', async () => {
    const files = { 'pod.yaml': POD('p') };
    for (const [line, flag, verb] of [
      ['kubectl get pods -o', "'o' in -o", 'get'],
      ['kubectl get pods -n', "'n' in -n", 'get'],
      ['kubectl get pods -l', "'l' in -l", 'get'],
      ['kubectl get pods --selector', '--selector', 'get'],
      ['kubectl apply -f', "'f' in -f", 'apply'],
      ['kubectl run x --image', '--image', 'run'],
    ] as const) {
      const out = await output(line, files);
      expect(out.toLowerCase()).toBe(`error: flag needs an argument: ${flag}\nsee 'kubectl ${verb} --help' for usage.\n`.toLowerCase());
    }
  });

  it('bad templates and empty printer arguments are kubectl errors', async () => {
    const out = await session([
      'kubectl run p --image=nginx',
      'kubectl get pods -o jsonpath={.items[',
      'kubectl get pods -o custom-columns=',
      'kubectl get pods -o go-template={{',
      "kubectl get pods -o 'jsonpath={range .items[*]}{.metadata.name'",
      'kubectl get pods --sort-by=',
      'kubectl get pods --sort-by={.nope',
    ]);
    expect(out).toContain('error: error parsing jsonpath {.items[, unclosed action');
    expect(out).toContain('error: custom-columns format specified but no custom columns given');
  });
});
