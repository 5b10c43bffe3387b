/**
 * Job control builtins over the shell's background jobs (jobs.ts): `jobs`, `kill`, `wait`,
 * `fg` and `bg`, with bash's messages. Jobs here never stop (there is no Ctrl-Z), so `bg`
 * only says that a job already runs in the background.
 */
import type { Command, ExecContext } from '../../command/contract.ts';
import { SIGNALS, type Job, type JobTable } from '../jobs.ts';
import { shellState } from '../shell-access.ts';

const KILL_USAGE = 'kill: usage: kill [-s sigspec | -n signum | -sigspec] pid | jobspec ... or kill -l [sigspec]\n';

/** `kill -l`, as bash 5.2 prints it on Linux. */
const SIGNAL_TABLE = [
  ' 1) SIGHUP\t 2) SIGINT\t 3) SIGQUIT\t 4) SIGILL\t 5) SIGTRAP',
  ' 6) SIGABRT\t 7) SIGBUS\t 8) SIGFPE\t 9) SIGKILL\t10) SIGUSR1',
  '11) SIGSEGV\t12) SIGUSR2\t13) SIGPIPE\t14) SIGALRM\t15) SIGTERM',
  '16) SIGSTKFLT\t17) SIGCHLD\t18) SIGCONT\t19) SIGSTOP\t20) SIGTSTP',
  '21) SIGTTIN\t22) SIGTTOU\t23) SIGURG\t24) SIGXCPU\t25) SIGXFSZ',
  '26) SIGVTALRM\t27) SIGPROF\t28) SIGWINCH\t29) SIGIO\t30) SIGPWR',
  '31) SIGSYS\t34) SIGRTMIN\t35) SIGRTMIN+1\t36) SIGRTMIN+2\t37) SIGRTMIN+3',
  '38) SIGRTMIN+4\t39) SIGRTMIN+5\t40) SIGRTMIN+6\t41) SIGRTMIN+7\t42) SIGRTMIN+8',
  '43) SIGRTMIN+9\t44) SIGRTMIN+10\t45) SIGRTMIN+11\t46) SIGRTMIN+12\t47) SIGRTMIN+13',
  '48) SIGRTMIN+14\t49) SIGRTMIN+15\t50) SIGRTMAX-14\t51) SIGRTMAX-13\t52) SIGRTMAX-12',
  '53) SIGRTMAX-11\t54) SIGRTMAX-10\t55) SIGRTMAX-9\t56) SIGRTMAX-8\t57) SIGRTMAX-7',
  '58) SIGRTMAX-6\t59) SIGRTMAX-5\t60) SIGRTMAX-4\t61) SIGRTMAX-3\t62) SIGRTMAX-2',
  '63) SIGRTMAX-1\t64) SIGRTMAX',
].join('\n');

function table(ctx: ExecContext): JobTable | undefined {
  return shellState(ctx)?.jobs;
}

/** `jobs [-l|-p] [JOBSPEC...]` */
export const jobs: Command = async (args, ctx) => {
  const t = table(ctx);
  if (!t) return 1;
  const long = args.includes('-l');
  const pidsOnly = args.includes('-p');
  const specs = args.filter((a) => !a.startsWith('-'));
  let list = t.list();
  if (specs.length) {
    list = [];
    for (const s of specs) {
      const j = t.find(s);
      if (!j) {
        ctx.stderr(`bash: jobs: ${s}: no such job\n`);
        return 1;
      }
      list.push(j);
    }
  }
  for (const j of list) {
    if (pidsOnly) ctx.stdout(`${j.pid}\n`);
    else if (long) ctx.stdout(t.line(j).replace(/^(\[\d+\].)  /, `$1 ${j.pid} `));
    else ctx.stdout(t.line(j));
  }
  // A job `jobs` showed as ended has been reported: it leaves the table.
  if (!pidsOnly) for (const j of list) if (j.status !== undefined) t.collect(j);
  return 0;
};

/** The signal a `kill` option names (`-9`, `-KILL`, `-SIGKILL`, `-s TERM`, `-n 15`); undefined when unknown. */
function signalNamed(spec: string): string | undefined {
  const s = spec.toUpperCase().replace(/^SIG/, '');
  if (/^\d+$/.test(s)) return Object.keys(SIGNALS).find((k) => SIGNALS[k]!.number === Number(s));
  return SIGNALS[s] ? s : undefined;
}

/** `kill [-SIGNAL] %JOB|PID...` */
export const kill: Command = async (args, ctx) => {
  const t = table(ctx);
  if (!t) return 1;
  let signal = 'TERM';
  let i = 0;
  if (args[0] === '-l' || args[0] === '-L') {
    ctx.stdout(SIGNAL_TABLE + '\n');
    return 0;
  }
  if (args[0] === '-s' || args[0] === '-n') {
    const named = args[1] === undefined ? undefined : signalNamed(args[1]);
    if (!named) {
      ctx.stderr(
        args[1] === undefined ? `bash: kill: ${args[0]}: option requires an argument\n${KILL_USAGE}` : `bash: kill: ${args[1]}: invalid signal specification\n`,
      );
      return 1;
    }
    signal = named;
    i = 2;
  } else if (args[0]?.startsWith('-') && args[0] !== '--' && args[0].length > 1) {
    const named = signalNamed(args[0].slice(1));
    if (!named) {
      ctx.stderr(`bash: kill: ${args[0].slice(1)}: invalid signal specification\n`);
      return 1;
    }
    signal = named;
    i = 1;
  }
  if (args[i] === '--') i++;
  const targets = args.slice(i);
  if (!targets.length) {
    ctx.stderr(KILL_USAGE);
    return 2;
  }
  let status = 0;
  for (const target of targets) {
    const job = target.startsWith('%') ? t.find(target) : /^\d+$/.test(target) ? t.byPid(Number(target)) : undefined;
    if (!job || job.status !== undefined) {
      if (target.startsWith('%')) ctx.stderr(`bash: kill: ${target}: no such job\n`);
      else if (/^\d+$/.test(target)) ctx.stderr(`bash: kill: (${target}) - No such process\n`);
      else ctx.stderr(`bash: kill: ${target}: arguments must be process or job IDs\n`);
      status = 1;
      continue;
    }
    t.kill(job, signal);
  }
  return status;
};

/** Waits for `job`; Ctrl-C ends the wait (status 130) and, with `forward`, stops the job too (`fg`). */
async function waitFor(job: Job, ctx: ExecContext, forward: boolean): Promise<number> {
  let off: () => void = () => {};
  const interrupted = new Promise<number>((resolve) => {
    off = ctx.interrupt.onInterrupt(() => {
      if (forward) job.interrupt.trigger();
      resolve(130);
    });
  });
  try {
    const status = await Promise.race([job.done, interrupted]);
    return forward && status === 130 ? await job.done.then(() => 130) : status;
  } finally {
    off();
  }
}

/** `wait [%JOB|PID...]`: waits for the jobs (all when none is named); the named one's status. */
export const wait: Command = async (args, ctx) => {
  const t = table(ctx);
  if (!t) return 0;
  if (!args.length) {
    for (const j of t.list()) {
      if ((await waitFor(j, ctx, false)) === 130 && ctx.interrupt.interrupted) return 130;
      t.collect(j);
    }
    return 0;
  }
  let status = 0;
  for (const a of args) {
    const job = a.startsWith('%') ? t.find(a) : /^\d+$/.test(a) ? t.byPid(Number(a)) : undefined;
    if (!job) {
      ctx.stderr(
        a.startsWith('%')
          ? `bash: wait: ${a}: no such job\n`
          : /^\d+$/.test(a)
            ? `bash: wait: pid ${a} is not a child of this shell\n`
            : `bash: wait: \`${a}': not a pid or valid job spec\n`,
      );
      status = 127;
      continue;
    }
    status = await waitFor(job, ctx, false);
    if (ctx.interrupt.interrupted) return 130;
    t.collect(job);
  }
  return status;
};

/** `fg [%JOB]`: the job in the foreground: its command line, then its end (Ctrl-C stops it). */
export const fg: Command = async (args, ctx) => {
  const t = table(ctx);
  if (!t) return 1;
  const spec = args[0];
  const job = t.find(spec);
  if (!job) {
    ctx.stderr(`bash: fg: ${spec ?? 'current'}: no such job\n`);
    return 1;
  }
  if (job.status !== undefined) {
    ctx.stderr('bash: fg: job has terminated\n');
    return 1;
  }
  ctx.stdout(job.text + '\n');
  const status = await waitFor(job, ctx, true);
  t.collect(job);
  return status;
};

/** `bg [%JOB]`: every job here already runs in the background. */
export const bg: Command = async (args, ctx) => {
  const t = table(ctx);
  if (!t) return 1;
  const job = t.find(args[0]);
  if (!job) {
    ctx.stderr(`bash: bg: ${args[0] ?? 'current'}: no such job\n`);
    return 1;
  }
  ctx.stderr(`bash: bg: job ${job.id} already in background\n`);
  return 0;
};
