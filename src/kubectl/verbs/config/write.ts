/**
 * The `kubectl config` commands that change the kubeconfig file: `use-context`, `set-context`,
 * `set-cluster`, `set-credentials`, `delete-context|cluster|user`, `rename-context`, `set` and
 * `unset`. Messages and errors are kubectl 1.32's (checked against the real client).
 */
import { base64Encode } from '../../../sim/index.ts';
import { CliError } from '../../cli/errors.ts';
import type { Invocation, Verb } from '../../cli/verb.ts';
import { HELP, loadHelpTexts } from '../../help/texts.ts';
import type { KubeconfigDoc, Section } from '../../kubeconfig/document.ts';
import { openConfig } from './config-file.ts';

/** cobra's complete(): the command's help on stdout, then `Unexpected args: [...]`. */
async function unexpectedArgs(inv: Invocation, lower = false): Promise<never> {
  await inv.ctx.loadCode(loadHelpTexts());
  inv.out(HELP[inv.path] ?? '');
  throw new CliError(`${lower ? 'unexpected' : 'Unexpected'} args: [${inv.args.join(' ')}]`);
}

/** Creates or merges into the `section` entry `name`, with the fields every entry of it has. */
function entry(doc: KubeconfigDoc, section: Section, name: string): Record<string, unknown> {
  let e = doc[section].get(name);
  if (!e) doc[section].set(name, (e = section === 'contexts' ? { cluster: '', user: '' } : section === 'clusters' ? { server: '' } : {}));
  return e;
}

/** A file's content as kubeconfig data (base64), for `--embed-certs`. */
function fileData(inv: Invocation, path: string, what: string): string {
  const abs = path.startsWith('/') ? path : `${inv.ctx.cwd.replace(/\/$/, '')}/${path}`;
  const text = inv.ctx.fs.read(abs);
  if (text === undefined) throw new CliError(`could not stat ${what} file ${path}: stat ${path}: no such file or directory`);
  return base64Encode(text);
}

const useContext: Verb = {
  name: 'use-context',
  aliases: ['use'],
  short: 'Set the current-context in a kubeconfig file',
  run: async (inv) => {
    if (inv.args.length !== 1) return unexpectedArgs(inv);
    const name = inv.args[0]!;
    const f = await openConfig(inv);
    if (!f.doc.contexts.has(name)) throw new CliError(`no context exists with the name: "${name}"`);
    f.doc.currentContext = name;
    f.save();
    inv.out(`Switched to context "${name}".\n`);
    return 0;
  },
};

const setContext: Verb = {
  name: 'set-context',
  short: 'Set a context entry in kubeconfig',
  run: async (inv) => {
    if (inv.args.length > 1) return unexpectedArgs(inv);
    const current = inv.flags.bool('current');
    if (current && inv.args.length) throw new CliError('you cannot specify both a context name and --current');
    const f = await openConfig(inv);
    if (current && !f.doc.currentContext) throw new CliError('no current context is set');
    const name = current ? f.doc.currentContext : inv.args[0];
    if (!name) throw new CliError('you must specify a non-empty context name or --current');
    const existed = f.doc.contexts.has(name);
    const e = entry(f.doc, 'contexts', name);
    for (const k of ['cluster', 'user', 'namespace']) if (inv.flags.has(k)) e[k] = inv.flags.str(k);
    if (e.namespace === '') delete e.namespace;
    f.save();
    inv.out(`Context "${name}" ${existed ? 'modified' : 'created'}.\n`);
    return 0;
  },
};

const setCluster: Verb = {
  name: 'set-cluster',
  short: 'Set a cluster entry in kubeconfig',
  run: async (inv) => {
    if (inv.args.length !== 1 || !inv.args[0]) return unexpectedArgs(inv);
    const name = inv.args[0];
    const ca = inv.flags.str('certificate-authority');
    const data = ca && inv.flags.bool('embed-certs') ? fileData(inv, ca, 'certificate-authority') : undefined;
    const f = await openConfig(inv);
    const e = entry(f.doc, 'clusters', name);
    for (const k of ['server', 'tls-server-name', 'proxy-url']) if (inv.flags.has(k)) e[k] = inv.flags.str(k);
    if (inv.flags.has('insecure-skip-tls-verify')) {
      if (inv.flags.bool('insecure-skip-tls-verify')) {
        e['insecure-skip-tls-verify'] = true;
        delete e['certificate-authority'];
        delete e['certificate-authority-data'];
      } else delete e['insecure-skip-tls-verify'];
    }
    if (data !== undefined) {
      e['certificate-authority-data'] = data;
      delete e['certificate-authority'];
    } else if (ca) {
      e['certificate-authority'] = ca.startsWith('/') ? ca : `${inv.ctx.cwd.replace(/\/$/, '')}/${ca}`;
      delete e['certificate-authority-data'];
    }
    f.save();
    inv.out(`Cluster "${name}" set.\n`);
    return 0;
  },
};

const setCredentials: Verb = {
  name: 'set-credentials',
  short: 'Set a user entry in kubeconfig',
  run: async (inv) => {
    if (inv.args.length !== 1 || !inv.args[0]) return unexpectedArgs(inv, true);
    const name = inv.args[0];
    if (inv.flags.str('token') && (inv.flags.str('username') || inv.flags.str('password'))) {
      throw new CliError('you cannot specify more than one authentication method at the same time: --token, --username/--password');
    }
    const embed = inv.flags.bool('embed-certs');
    const files: [string, string, string][] = [
      ['client-certificate', 'client-certificate-data', inv.flags.str('client-certificate')],
      ['client-key', 'client-key-data', inv.flags.str('client-key')],
    ];
    const data = files.map(([flag, , path]) => (path && embed ? fileData(inv, path, flag) : undefined));
    const f = await openConfig(inv);
    const e = entry(f.doc, 'users', name);
    files.forEach(([flag, dataKey, path], i) => {
      if (!path) return;
      if (data[i] !== undefined) {
        e[dataKey] = data[i];
        delete e[flag];
      } else {
        e[flag] = path.startsWith('/') ? path : `${inv.ctx.cwd.replace(/\/$/, '')}/${path}`;
        delete e[dataKey];
      }
    });
    for (const k of ['token', 'username', 'password']) if (inv.flags.has(k)) e[k] = inv.flags.str(k);
    f.save();
    inv.out(`User "${name}" set.\n`);
    return 0;
  },
};

/** `delete-context`, `delete-cluster`, `delete-user`. */
function deleter(section: Section, noun: string, short: string): Verb {
  return {
    name: `delete-${noun}`,
    short,
    run: async (inv) => {
      if (inv.args.length !== 1) return unexpectedArgs(inv);
      const name = inv.args[0]!;
      const f = await openConfig(inv);
      if (!f.doc[section].has(name)) throw new CliError(`cannot delete ${noun} ${name}, not in ${f.path}`);
      if (section === 'contexts' && f.doc.currentContext === name) inv.err('warning: this removed your active context, use "kubectl config use-context" to select a different one\n');
      f.doc[section].delete(name);
      f.save();
      inv.out(`deleted ${noun} ${name} from ${f.path}\n`);
      return 0;
    },
  };
}

const renameContext: Verb = {
  name: 'rename-context',
  short: 'Rename a context from the kubeconfig file',
  run: async (inv) => {
    if (inv.args.length !== 2) return unexpectedArgs(inv);
    const [from, to] = inv.args as [string, string];
    const f = await openConfig(inv);
    const ctx = f.doc.contexts.get(from);
    if (!ctx) throw new CliError(`cannot rename the context "${from}", it's not in ${f.path}`);
    if (from !== to && f.doc.contexts.has(to)) throw new CliError(`cannot rename the context "${from}", the context "${to}" already exists in ${f.path}`);
    f.doc.contexts.delete(from);
    f.doc.contexts.set(to, ctx);
    if (f.doc.currentContext === from) f.doc.currentContext = to;
    f.save();
    inv.out(`Context "${from}" renamed to "${to}".\n`);
    return 0;
  },
};

/** The fields `config set` accepts in each section, with the boolean ones. */
const FIELDS: Record<Section, string[]> = {
  clusters: ['server', 'tls-server-name', 'insecure-skip-tls-verify', 'certificate-authority', 'certificate-authority-data', 'proxy-url', 'disable-compression'],
  users: ['client-certificate', 'client-certificate-data', 'client-key', 'client-key-data', 'token', 'tokenFile', 'as', 'as-uid', 'username', 'password'],
  contexts: ['cluster', 'user', 'namespace'],
};
const BOOLEAN = new Set(['insecure-skip-tls-verify', 'disable-compression']);

/** A property path (`contexts.NAME.namespace`) as [section, entry name, field], or `current-context`. */
function property(path: string, unset: boolean): { section?: Section; name?: string; field?: string; pref?: string } {
  if (path === 'current-context') return {};
  const parts = path.split('.');
  const head = parts[0]!;
  if (head === 'preferences' && parts.length === 2) return { pref: parts[1] };
  if ((head === 'clusters' || head === 'users' || head === 'contexts') && parts.length >= 2) {
    if (parts.length === 2) {
      if (unset) return { section: head, name: parts[1] };
      throw new CliError(`can't set a map to a value: map[${''}]`);
    }
    const field = parts[parts.length - 1]!;
    const name = parts.slice(1, -1).join('.');
    if (!FIELDS[head].includes(field)) {
      if (unset) return { section: head, name, field };
      throw new CliError(`unable to parse ${field} after [${head} ${name}] at api.${head === 'clusters' ? 'Cluster' : head === 'users' ? 'AuthInfo' : 'Context'}`);
    }
    return { section: head, name, field };
  }
  if (unset && (head === 'clusters' || head === 'users' || head === 'contexts') && parts.length === 1) return { section: head };
  throw new CliError(`unable to parse ${head} after [] at api.Config`);
}

const set: Verb = {
  name: 'set',
  short: 'Set an individual value in a kubeconfig file',
  run: async (inv) => {
    if (inv.args.length !== 2) return unexpectedArgs(inv);
    const [path, value] = inv.args as [string, string];
    const p = property(path, false);
    const f = await openConfig(inv);
    if (p.pref !== undefined) f.doc.preferences[p.pref] = value === 'true' ? true : value === 'false' ? false : value;
    else if (!p.section) f.doc.currentContext = value;
    else {
      const e = entry(f.doc, p.section, p.name!);
      if (BOOLEAN.has(p.field!)) {
        if (!/^(1|t|T|TRUE|true|True|0|f|F|FALSE|false|False)$/.test(value)) throw new CliError(`strconv.ParseBool: parsing "${value}": invalid syntax`);
        e[p.field!] = /^(1|t|T|TRUE|true|True)$/.test(value);
      } else e[p.field!] = value;
    }
    f.save();
    inv.out(`Property "${path}" set.\n`);
    return 0;
  },
};

const unset: Verb = {
  name: 'unset',
  short: 'Unset an individual value in a kubeconfig file',
  run: async (inv) => {
    if (inv.args.length !== 1) return unexpectedArgs(inv);
    const path = inv.args[0]!;
    const p = property(path, true);
    const f = await openConfig(inv);
    if (p.pref !== undefined) delete f.doc.preferences[p.pref];
    else if (!p.section) f.doc.currentContext = '';
    else if (p.name === undefined) f.doc[p.section].clear();
    else if (p.field === undefined) f.doc[p.section].delete(p.name);
    else {
      const e = f.doc[p.section].get(p.name);
      // Context.cluster/user and Cluster.server are always written, even empty.
      if (e && p.field in e) {
        if ((p.section === 'contexts' && (p.field === 'cluster' || p.field === 'user')) || (p.section === 'clusters' && p.field === 'server')) e[p.field] = '';
        else delete e[p.field];
      }
    }
    f.save();
    inv.out(`Property "${path}" unset.\n`);
    return 0;
  },
};

/** The sub-commands of `kubectl config` that change the kubeconfig. */
export const WRITE_SUBCOMMANDS: Verb[] = [
  deleter('clusters', 'cluster', 'Delete the specified cluster from the kubeconfig'),
  deleter('contexts', 'context', 'Delete the specified context from the kubeconfig'),
  deleter('users', 'user', 'Delete the specified user from the kubeconfig'),
  renameContext,
  set,
  setCluster,
  setContext,
  setCredentials,
  unset,
  useContext,
];
