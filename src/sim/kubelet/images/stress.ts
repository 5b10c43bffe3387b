/**
 * The stress tools of the resource task pages: polinux/stress (stress 1.0.4: `--vm N --vm-bytes
 * B` workers that hold memory, `--cpu N` spinners, `--timeout`) and vish/stress (a Go program:
 * `-cpus N`, `-mem-total`). Memory goes through ProcessIO.allocate, so a limit smaller than what
 * they hold ends the container OOMKilled; CPU is counted by the metrics model from their flags.
 */
import { parseQuantity, quantityValue } from '../../api/quantity.ts';
import type { ProcessIO, ProgramGen } from '../process.ts';
import type { ImageMain } from './catalogue.ts';
import { klog } from './system.ts';

const USAGE = `\`stress' imposes certain types of compute stress on your system

Usage: stress [OPTION [ARG]] ...
 -?, --help         show this help statement
     --version      show version statement
 -v, --verbose      be verbose
 -q, --quiet        be quiet
 -n, --dry-run      show what would have been done
 -t, --timeout N    timeout after N seconds
     --backoff N    wait factor of N microseconds before work starts
 -c, --cpu N        spawn N workers spinning on sqrt()
 -i, --io N         spawn N workers spinning on sync()
 -m, --vm N         spawn N workers spinning on malloc()/free()
     --vm-bytes B   malloc B bytes per vm worker (default is 256MB)
     --vm-stride B  touch a byte every B bytes (default is 4096)
     --vm-hang N    sleep N secs before free (default none, 0 is inf)
     --vm-keep      redirty memory instead of freeing and reallocating
 -d, --hdd N        spawn N workers spinning on write()/unlink()
     --hdd-bytes B  write B bytes per hdd worker (default is 1GB)

Example: stress --cpu 2 --io 1 --vm 1 --vm-bytes 128M --timeout 10s

Note: Numbers may be suffixed with s,m,h,d,y (time) or B,K,M,G (size).
`;

/** stress's sizes: a number with an optional B, K, M or G suffix (powers of 1024). */
function stressBytes(s: string): number | undefined {
  const m = /^(\d+)([bBkKmMgG]?)$/.exec(s);
  if (!m) return undefined;
  const mult = { '': 1, b: 1, k: 1024, m: 1024 ** 2, g: 1024 ** 3 }[m[2]!.toLowerCase()] ?? 1;
  return Number(m[1]) * mult;
}

/** stress's times: a number with an optional s, m, h, d or y suffix, in seconds. */
function stressSeconds(s: string): number | undefined {
  const m = /^(\d+)([smhdy]?)$/.exec(s);
  if (!m) return undefined;
  return Number(m[1]) * ({ '': 1, s: 1, m: 60, h: 3600, d: 86_400, y: 31_536_000 }[m[2]!] ?? 1);
}

function* stressProgram(argv: string[], io: ProcessIO): ProgramGen {
  const args = argv.slice(1);
  if (args.length === 0 || args.includes('--help') || args.includes('-?')) {
    io.out(USAGE);
    return 0;
  }
  if (args.includes('--version')) {
    io.out('stress 1.0.4\n');
    return 0;
  }
  const hogs = { cpu: 0, io: 0, vm: 0, hdd: 0 };
  let vmBytes = 256 * 1024 ** 2;
  let timeout: number | undefined;
  const FLAGS: Record<string, keyof typeof hogs> = { '--cpu': 'cpu', '-c': 'cpu', '--io': 'io', '-i': 'io', '--vm': 'vm', '-m': 'vm', '--hdd': 'hdd', '-d': 'hdd' };
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    const next = args[i + 1] ?? '';
    if (a in FLAGS) {
      hogs[FLAGS[a]!] = Number(next) || 0;
      i++;
    } else if (a === '--vm-bytes') {
      vmBytes = stressBytes(next) ?? vmBytes;
      i++;
    } else if (a === '--timeout' || a === '-t') {
      timeout = stressSeconds(next);
      i++;
    } else if (['--vm-stride', '--vm-hang', '--hdd-bytes', '--backoff'].includes(a)) {
      i++;
    }
  }
  io.out(`stress: info: [1] dispatching hogs: ${hogs.cpu} cpu, ${hogs.io} io, ${hogs.vm} vm, ${hogs.hdd} hdd\n`);
  // The vm workers malloc and touch their bytes within a moment.
  yield { sleep: 200 };
  if (hogs.vm) io.allocate?.(hogs.vm * vmBytes);
  if (timeout === undefined) {
    yield { pause: true };
    return 0;
  }
  yield { sleep: timeout * 1000 - 200 };
  io.out(`stress: info: [1] successful run completed in ${timeout}s\n`);
  return 0;
}

/** vish/stress: allocates -mem-total in -mem-alloc-size chunks and spins -cpus threads, logging as glog does. */
function* vishStressProgram(argv: string[], io: ProcessIO): ProgramGen {
  const flag = (name: string, dflt: string) => {
    const i = argv.findIndex((a) => a === `-${name}` || a === `--${name}`);
    if (i >= 0) return argv[i + 1] ?? dflt;
    const eq = argv.find((a) => a.startsWith(`-${name}=`) || a.startsWith(`--${name}=`));
    return eq ? eq.slice(eq.indexOf('=') + 1) : dflt;
  };
  const total = flag('mem-total', '0');
  const chunk = flag('mem-alloc-size', '4Ki');
  const sleep = flag('mem-alloc-sleep', '1ms');
  const cpus = Number(flag('cpus', '0')) || 0;
  io.err(`${klog(io.now(), 'main.go:26')}Allocating "${total}" memory, in "${chunk}" chunks, with a ${sleep} sleep between allocations\n`);
  for (let i = 0; i < cpus; i++) io.err(`${klog(io.now(), 'main.go:39')}Spawning a thread to consume CPU\n`);
  let bytes = 0;
  try {
    bytes = quantityValue(parseQuantity(total));
  } catch {
    bytes = 0;
  }
  yield { sleep: 100 };
  if (bytes > 0) io.allocate?.(bytes);
  io.err(`${klog(io.now(), 'main.go:29')}Allocated "${total}" memory\n`);
  yield { pause: true };
  return 0;
}

const base = (argv: string[]) => argv[0]?.split('/').pop() ?? '';

/** The stress images' programs, by repository. */
export const STRESS_PROGRAMS: Readonly<Record<string, ImageMain>> = {
  'docker.io/polinux/stress': (argv, io) => (base(argv) === 'stress' ? stressProgram(argv, io) : undefined),
  'docker.io/vish/stress': (argv, io) => (base(argv) === 'stress' ? vishStressProgram(argv, io) : undefined),
};
