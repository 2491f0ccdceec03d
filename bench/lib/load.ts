// autocannon against one server, either one URL or a round robin over many sessions' cookies.
import { loadavg } from 'node:os';
import autocannon from 'autocannon';
import type { SeededSession } from './seed-sessions.ts';

export interface LoadResult {
  rps: number;
  p50: number;
  p99: number;
  total: number;
  /**
   * CPU the load generator (autocannon, in this process, on the same cores as the server) used per
   * request, in µs: what the load costs the machine besides the server.
   */
  generatorCpuUs?: number;
  /** The machine's 1-minute load average when the run ended: other work on the shared cores. */
  loadAverage?: number;
}

export interface LoadOptions {
  connections?: number;
  /** Seconds; ignored when `amount` is set. */
  duration?: number;
  /** Exactly this many requests, then stop. */
  amount?: number;
  headers?: Record<string, string>;
  /** Requests per second, all connections together, at most (autocannon's overallRate); none: as fast as the server answers. */
  rate?: number;
}

async function run(opts: autocannon.Options): Promise<LoadResult> {
  const cpu = process.cpuUsage();
  const r = await autocannon(opts);
  const used = process.cpuUsage(cpu);
  if (r.non2xx > 0 || r.errors > 0) throw new Error(`${opts.url}: ${r.non2xx} non-2xx answers, ${r.errors} errors`);
  return {
    rps: r.requests.average,
    p50: r.latency.p50,
    p99: r.latency.p99,
    total: r.requests.total,
    generatorCpuUs: (used.user + used.system) / r.requests.total,
    loadAverage: loadavg()[0],
  };
}

export function loadUrl(url: string, o: LoadOptions = {}): Promise<LoadResult> {
  return run({ url, connections: o.connections ?? 50, duration: o.duration ?? 5, amount: o.amount, headers: o.headers });
}

/** /auth/verify with each request taking the next session (and its app) in turn, across all connections. */
export function loadVerify(baseUrl: string, sessions: SeededSession[], o: LoadOptions = {}): Promise<LoadResult> {
  let next = 0;
  const requests: autocannon.Request[] = [
    {
      method: 'GET',
      setupRequest: (request) => {
        const s = sessions[next++ % sessions.length]!;
        return { ...request, path: `/auth/verify?aud=${s.aud}`, headers: { ...request.headers, cookie: `portal_session=${s.token}` } };
      },
    },
  ];
  return run({
    url: baseUrl,
    connections: o.connections ?? 50,
    duration: o.duration ?? 5,
    amount: o.amount,
    overallRate: o.rate,
    requests,
  });
}

export const formatLoad = (name: string, r: LoadResult) =>
  `${name.padEnd(34)} ${r.rps.toFixed(0).padStart(8)} req/s   p50 ${String(r.p50).padStart(3)} ms   p99 ${String(r.p99).padStart(3)} ms   (${r.total} requests)` +
  (r.generatorCpuUs === undefined ? '' : `  load generator ${r.generatorCpuUs.toFixed(0)} µs CPU/req`) +
  (r.loadAverage === undefined ? '' : `  load average ${r.loadAverage.toFixed(1)}`);
