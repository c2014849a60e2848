/**
 * What a measured benchmark step costs the machine: wall time, CPU time of the whole process tree the
 * step causes, peak resident memory of that tree, and the load average when it ended.
 *
 * CPU method (Linux /proc; elsewhere only this process counts):
 * - this process: process.cpuUsage() (all its threads);
 * - its children that finish during the step: the rise of cutime + cstime in /proc/self/stat (the kernel
 *   adds a child's utime + stime + cutime + cstime there when the child is reaped);
 * - its live descendants (e.g. the media-tool helper process and the ffmpeg it runs): /proc/<pid>/stat of
 *   every process whose ppid chain leads here, found by walking /proc/* /stat every 100 ms while the step
 *   runs and once at its end. Each counts utime + stime + cutime + cstime (so what it reaped is included)
 *   minus what it had used when the step began (nothing, if it started during the step).
 *   A descendant that ends during the step drops out of the sum: its whole time reaches its parent's
 *   cutime/cstime, which is counted there. Not counted: a process orphaned (reparented away from this
 *   tree) before the step ends.
 * - with `alsoCount`, processes of those command names that are not in the tree (a database server the
 *   step talks to): each one's utime + stime + cutime + cstime at the end minus at the start (the server's
 *   main process reaps the backends that end, so their time is counted there; a backend that was already
 *   running when the step began and ends during it is counted whole).
 */
import { readdir, readFile } from 'node:fs/promises';
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';

/** Kernel clock ticks per second of /proc times (USER_HZ, 100 on Linux). */
const TICKS = 100;

interface Proc {
  ppid: number;
  /** utime + stime + cutime + cstime, in ticks. */
  ticks: number;
  /** cutime + cstime, in ticks. */
  childTicks: number;
  rssPages: number;
}

function parseStat(stat: string): Proc | null {
  const end = stat.lastIndexOf(')');
  if (end < 0) return null;
  // Fields after the command name, starting at field 3 (state): ppid is [1], utime..cstime [11..14], rss [21].
  const f = stat.slice(end + 2).split(' ').map(Number);
  const [utime = 0, stime = 0, cutime = 0, cstime = 0] = f.slice(11, 15);
  return { ppid: f[1] ?? 0, ticks: utime + stime + cutime + cstime, childTicks: cutime + cstime, rssPages: f[21] ?? 0 };
}

/** Ticks (utime + stime + cutime + cstime) of every process whose command is one of `names`. */
async function namedProcesses(names: readonly string[]): Promise<Map<number, number>> {
  const out = new Map<number, number>();
  if (!names.length) return out;
  const pids = (await readdir('/proc').catch(() => [] as string[])).filter((n) => /^\d+$/.test(n));
  await Promise.all(
    pids.map(async (n) => {
      const stat = await readFile(`/proc/${n}/stat`, 'utf8').catch(() => '');
      const comm = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
      const p = names.includes(comm) ? parseStat(stat) : null;
      if (p) out.set(Number(n), p.ticks);
    }),
  );
  return out;
}

/** Every process under `root` (not root itself), from one walk of /proc. */
async function descendants(root: number): Promise<Map<number, Proc>> {
  const all = new Map<number, Proc>();
  const names = await readdir('/proc').catch(() => [] as string[]);
  await Promise.all(
    names
      .filter((n) => /^\d+$/.test(n))
      .map(async (n) => {
        const p = parseStat(await readFile(`/proc/${n}/stat`, 'utf8').catch(() => ''));
        if (p) all.set(Number(n), p);
      }),
  );
  const out = new Map<number, Proc>();
  const children = new Map<number, number[]>();
  for (const [pid, p] of all) children.set(p.ppid, [...(children.get(p.ppid) ?? []), pid]);
  const todo = [...(children.get(root) ?? [])];
  for (let pid = todo.pop(); pid !== undefined; pid = todo.pop()) {
    out.set(pid, all.get(pid)!);
    todo.push(...(children.get(pid) ?? []));
  }
  return out;
}

async function self(): Promise<Proc | null> {
  return parseStat(await readFile('/proc/self/stat', 'utf8').catch(() => ''));
}

const PAGE_MB = 4096 / (1024 * 1024);

/** Load average (1, 5, 15 min) as printed beside each figure. */
export function loadText(): string {
  return `load ${loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}`;
}

export interface Measured<T> {
  value: T;
  /** Wall seconds. */
  seconds: number;
  /** CPU seconds of this process and every process it caused during the step (see the method above). */
  cpu: number;
  /** Largest sum of resident memory of this process and its descendants seen while the step ran. */
  peakMb: number;
  /** Load average when the step ended. */
  load: string;
}

export interface MeasureOptions {
  /**
   * false: no walk of /proc every 100 ms while the step runs, only at its start and end. The walks cost this
   * process CPU time and garbage, which a step timing this process's own work (a server under load) would
   * feel. The CPU figure stays whole (a descendant that ends is counted through its parent's cutime and
   * cstime, one still running through the walk at the end); peakMb is then only the larger of the two ends.
   */
  sample?: boolean;
  /** Command names of other processes whose CPU the step causes (e.g. `postgres`, the database server). */
  alsoCount?: readonly string[];
}

/**
 * Runs `fn` and measures it (see the method at the top of this file). `fn` is handed `cpuSoFar`: the CPU
 * seconds of the tree since the step began, read afresh (for a step that times its own parts).
 */
export async function measure<T>(
  fn: (cpuSoFar: () => Promise<number>) => Promise<T>,
  options: MeasureOptions = {},
): Promise<Measured<T>> {
  const pid = process.pid;
  const others = await namedProcesses(options.alsoCount ?? []);
  const base = new Map<number, number>();
  for (const [p, s] of await descendants(pid)) base.set(p, s.ticks);
  const selfStart = await self();
  let last = new Map<number, Proc>();
  let peakMb = 0;
  const sample = async () => {
    const tree = await descendants(pid);
    // A process started during the step: all of its time is the step's.
    for (const p of tree.keys()) if (!base.has(p)) base.set(p, 0);
    last = tree;
    const own = await self();
    let pages = own?.rssPages ?? 0;
    for (const s of tree.values()) pages += s.rssPages;
    peakMb = Math.max(peakMb, pages * PAGE_MB);
  };
  let sampling = options.sample ?? true;
  if (!sampling) await sample();
  const sampler = (async () => {
    while (sampling) {
      await sample();
      await new Promise((r) => setTimeout(r, 100));
    }
  })();
  const cpu0 = process.cpuUsage();
  /** CPU seconds since the step began: this process, what it reaped, and its live descendants. */
  const cpuSince = async () => {
    const own = process.cpuUsage(cpu0);
    await sample();
    const selfNow = await self();
    let ticks = (selfNow?.childTicks ?? 0) - (selfStart?.childTicks ?? 0);
    for (const [p, s] of last) ticks += s.ticks - (base.get(p) ?? 0);
    return (own.user + own.system) / 1e6 + ticks / TICKS;
  };
  const t = performance.now();
  try {
    const value = await fn(cpuSince);
    const seconds = (performance.now() - t) / 1000;
    sampling = false;
    await sampler;
    let otherTicks = 0;
    for (const [p, ticks] of await namedProcesses(options.alsoCount ?? [])) otherTicks += ticks - (others.get(p) ?? 0);
    const cpu = (await cpuSince()) + otherTicks / TICKS;
    return { value, seconds, cpu, peakMb, load: loadText() };
  } finally {
    sampling = false;
    await sampler;
  }
}
