/**
 * `npm run --silent sim`: the simulator on the command line. Piped input prints a transcript
 * (see transcript.ts), streamed to stdout as it is written; a terminal on stdin gets the
 * interactive shell, with cluster time following the wall clock.
 *
 * Ending early keeps what was printed: on SIGINT (Ctrl-C) the transcript so far stays on stdout
 * followed by `^C`, and the exit status is 130; if the simulator itself fails, one line
 * `sim: internal error: MESSAGE` goes to stderr (never a stack trace) and the status is 1.
 */
import { loadInstallerCode, presetNames } from '../sim/index.ts';
import { runTranscript } from './transcript.ts';
import { runInteractive } from './tty.ts';

const USAGE = `Usage: npm run --silent sim -- [--seed N] [--preset NAME]

Runs the course's shell and kubectl against a simulated Kubernetes 1.32 cluster.

  With input piped in, prints a transcript: each command as "$ LINE" (continuation lines as
  "> LINE") followed by its output. Time is virtual, so a seed always gives the same result:
    printf 'kubectl run web --image=nginx\\nkubectl get pods\\n' | npm run --silent sim

  With a terminal, starts an interactive shell (type "help"; Ctrl-D or "exit" leaves).

Options:
  --seed N         seed for names, uids and IPs (default 1)
  --preset NAME    cluster shape (default kind; known: PRESETS)
  --step-ms N      cluster time that passes after each piped command (default 1000)
  --stream-limit-ms N   how long "-w" and "logs -f" stream in a transcript (default 10000)
  -h, --help       show this help
`;

interface CliOptions {
  seed: number;
  preset: string | undefined;
  stepMs: number | undefined;
  streamLimitMs: number | undefined;
}

function parseCli(argv: string[]): CliOptions | string {
  const o: CliOptions = { seed: 1, preset: undefined, stepMs: undefined, streamLimitMs: undefined };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    const eq = a.indexOf('=');
    const name = a.startsWith('--') && eq > 0 ? a.slice(0, eq) : a;
    const value = (): string | undefined => (a.startsWith('--') && eq > 0 ? a.slice(eq + 1) : argv[++i]);
    const int = (flag: string): number | string => {
      const v = value();
      return v !== undefined && /^\d+$/.test(v) ? Number(v) : `sim: ${flag} needs a whole number, got ${v === undefined ? 'nothing' : `"${v}"`}`;
    };
    switch (name) {
      case '-h':
      case '--help':
        return 'help';
      case '--seed': {
        const n = int('--seed');
        if (typeof n === 'string') return n;
        o.seed = n;
        break;
      }
      case '--preset': {
        const v = value();
        if (!v) return 'sim: --preset needs a name';
        if (!presetNames().includes(v)) return `sim: unknown preset "${v}" (known: ${presetNames().join(', ') || 'none'})`;
        o.preset = v;
        break;
      }
      case '--step-ms': {
        const n = int('--step-ms');
        if (typeof n === 'string') return n;
        o.stepMs = n;
        break;
      }
      case '--stream-limit-ms': {
        const n = int('--stream-limit-ms');
        if (typeof n === 'string') return n;
        o.streamLimitMs = n;
        break;
      }
      default:
        return `sim: unknown option "${a}" (see --help)`;
    }
  }
  return o;
}

async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

async function main(): Promise<number> {
  const parsed = parseCli(process.argv.slice(2));
  if (parsed === 'help') {
    process.stdout.write(USAGE.replace('PRESETS', presetNames().join(', ')));
    return 0;
  }
  if (typeof parsed === 'string') {
    process.stderr.write(parsed + '\n');
    return 2;
  }
  // Node has the whole simulator at hand: load its on-first-use code now, so no command waits for it.
  await loadInstallerCode();
  if (process.stdin.isTTY) return runInteractive({ seed: parsed.seed, preset: parsed.preset });
  const input = await readStdin();
  process.on('SIGINT', () => {
    // Everything so far is already on stdout; show the interrupt as a terminal would.
    process.stdout.write('^C\n');
    process.exit(130);
  });
  await runTranscript(input, { ...parsed, onOutput: (text) => void process.stdout.write(text) });
  return 0;
}

/** The one line a failure of the simulator itself prints: what broke, not where. */
function crash(e: unknown): void {
  process.stderr.write(`sim: internal error: ${(e instanceof Error ? e.message : String(e)).split('\n')[0]}\n`);
  process.exit(1);
}

process.on('uncaughtException', crash);
process.on('unhandledRejection', crash);
main().then((code) => {
  process.exitCode = code;
}, crash);
