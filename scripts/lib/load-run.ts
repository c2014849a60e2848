import { execFile } from 'node:child_process';
import { createRequire } from 'node:module';
import type autocannon from 'autocannon';

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
  /** Server CPU time (this process, user + system) per answered request: steadier than req/s on a busy machine. */
  cpuUs: number;
}

/** The load generator runs in its own process so it does not steal the server's event loop. */
function autocannonProcess(url: string, connections: number, duration: number, headers: Record<string, string>) {
  const args = [autocannonBin, '--json', '-c', String(connections), '-d', String(duration)];
  for (const [k, v] of Object.entries(headers)) args.push('-H', `${k}=${v}`);
  args.push(url);
  return new Promise<autocannon.Result>((resolve, reject) => {
    execFile(process.execPath, args, { maxBuffer: 64 * 1024 * 1024 }, (err, stdout) =>
      err ? reject(err) : resolve(JSON.parse(stdout) as autocannon.Result),
    );
  });
}

/** A short warm-up, then `connections` clients calling `url` for `duration` seconds; served by this process. */
export async function loadRun(
  name: string,
  url: string,
  o: { connections: number; duration: number; headers?: Record<string, string>; goal?: boolean },
): Promise<Result> {
  const headers = o.headers ?? {};
  await autocannonProcess(url, 10, 2, headers);
  const cpu0 = process.cpuUsage();
  const r = await autocannonProcess(url, o.connections, o.duration, headers);
  const cpu = process.cpuUsage(cpu0);
  return {
    cpuUs: (cpu.user + cpu.system) / Math.max(1, r.requests.total),
    name,
    goal: o.goal ?? true,
    rps: r.requests.average,
    p50: r.latency.p50,
    p99: r.latency.p99,
    errors: r.errors,
    non2xx: r.non2xx,
  };
}
