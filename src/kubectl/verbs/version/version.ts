/**
 * `kubectl version`: client v1.32.5, Kustomize v5.5.0, server from the simulator
 * (`--client` skips the server; `-o yaml|json` print the version structs).
 */
import { SERVER_VERSION } from '../../../sim/index.ts';
import { CliError } from '../../cli/errors.ts';
import { registerVerb } from '../../cli/registry.ts';
import type { Invocation } from '../../cli/verb.ts';
import { toYaml } from '../../printers/yaml.ts';

const CLIENT = {
  major: '1', minor: '32', gitVersion: 'v1.32.5', gitCommit: '9894294ef13a5b32803e3ca2c0d620a088cc84d1', gitTreeState: 'clean',
  buildDate: '2025-05-15T09:12:10Z', goVersion: 'go1.23.8', compiler: 'gc', platform: 'linux/amd64',
};

/** The server's version.Info, as `/version` serves it. */
export function serverVersionInfo() {
  return {
    major: '1', minor: SERVER_VERSION.split('.')[1]!, gitVersion: SERVER_VERSION, gitCommit: '2e37d3b5e130bffd93407dedb2fa3f8a2219d8e1',
    gitTreeState: 'clean', buildDate: '2025-07-10T00:00:00Z', goVersion: 'go1.23.5', compiler: 'gc', platform: 'linux/amd64',
  };
}

async function run(inv: Invocation): Promise<number> {
  const client = inv.flags.bool('client');
  const out = inv.flags.str('output');
  const info: Record<string, unknown> = { clientVersion: CLIENT, kustomizeVersion: 'v5.5.0' };
  if (!client) info.serverVersion = serverVersionInfo();
  if (out === 'yaml') inv.out(toYaml(info) + '\n');
  else if (out === 'json') inv.out(JSON.stringify(info, null, 2) + '\n');
  else if (out !== '') throw new CliError('--output must be \'yaml\' or \'json\'');
  else {
    inv.out(`Client Version: ${CLIENT.gitVersion}\nKustomize Version: v5.5.0\n`);
    if (!client) inv.out(`Server Version: ${SERVER_VERSION}\n`);
  }
  return 0;
}

registerVerb({ name: 'version', short: 'Print the client and server version information', run });
