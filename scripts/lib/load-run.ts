import { execFile } from 'node:child_process';
import { createRequire } from 'node:module';
import type autocannon from 'autocannon';
import { measure } from './measure.js';

const autocannonBin = createRequire(import.meta.url).resolve('autocannon/autocannon.js');

export interface Result {
  name: string;
  /** Runs that the goals apply to (the product as deployed). */
  goal: boolean;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
  /**
   * Server CPU time per answered request: this process and every process it started during the run
   * (measure()), and the database server's when it is another process, less the load generator's own:
   * steadier than req/s on a busy machine.
   */
  cpuUs: number;
  /** Load average when the run ended. */
  load: string;
}

/** Printed by the load generator's process as it exits: its own CPU time (all its threads). */
const CPU_MARK = 'load-generator-cpu ';
const cpuAtExit = `data:text/javascript,process.on('exit',()=>process.stderr.write('\\n${CPU_MARK}'+JSON.stringify(process.cpuUsage())+'\\n'))`;

/** The load generator runs in its own process so it does not steal the server's event loop. */
function autocannonProcess(url: string, connections: number, duration: number, headers: Record<string, string>) {
  const args = ['--import', cpuAtExit, autocannonBin, '--json', '-c', String(connections), '-d', String(duration)];
  for (const [k, v] of Object.entries(headers)) args.push('-H', `${k}=${v}`);
  args.push(url);
  return new Promise<{ result: autocannon.Result; cpuSeconds: number }>((resolve, reject) => {
    execFile(process.execPath, args, { maxBuffer: 64 * 1024 * 1024 }, (err, stdout, stderr) => {
      const mark = stderr.split('\n').find((l) => l.startsWith(CPU_MARK));
      if (err || !mark) {
        const said = stderr.replace(CPU_MARK, '').trim().split('\n').slice(-3).join(' / ');
        reject(
          new Error(`the load generator failed on ${url.split('?')[0]}: ${err?.message ?? 'no CPU figure'} ${said}`),
        );
        return;
      }
      const cpu = JSON.parse(mark.slice(CPU_MARK.length)) as NodeJS.CpuUsage;
      resolve({ result: JSON.parse(stdout) as autocannon.Result, cpuSeconds: (cpu.user + cpu.system) / 1e6 });
    });
  });
}

/** A short warm-up, then `connections` clients calling `url` for `duration` seconds; served by this process. */
export async function loadRun(
  name: string,
  url: string,
  o: {
    connections: number;
    duration: number;
    headers?: Record<string, string>;
    goal?: boolean;
    /** Command names of the database server the run reads from, whose CPU counts as the server's. */
    database?: readonly string[];
  },
): Promise<Result> {
  const headers = o.headers ?? {};
  await autocannonProcess(url, 10, 2, headers);
  // No walk of /proc during the run: its cost would land on the server being measured.
  const m = await measure(() => autocannonProcess(url, o.connections, o.duration, headers), {
    sample: false,
    alsoCount: o.database,
  });
  const r = m.value.result;
  if (!r.requests.total) throw new Error(`${name}: no request was answered in ${o.duration} s (${url.split('?')[0]})`);
  return {
    cpuUs: (Math.max(0, m.cpu - m.value.cpuSeconds) * 1e6) / r.requests.total,
    load: m.load,
    name,
    goal: o.goal ?? true,
    rps: r.requests.average,
    p50: r.latency.p50,
    p99: r.latency.p99,
    errors: r.errors,
    non2xx: r.non2xx,
  };
}
