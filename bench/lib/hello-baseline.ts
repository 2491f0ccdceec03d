// The ceiling for an HTTP answer on this machine: a bare Fastify hello-world in its own process,
// loaded by autocannon from this one. The figure the goal compares with is loaded exactly as
// /auth/verify is (each request a new session cookie and audience, built per request), so the
// load generator, which shares the machine's two cores, does the same work for both; a fixed
// request, which autocannon builds once, is measured too for reference.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { cpuSeconds } from './cpu-time.ts';
import { loadUrl, loadVerify, type LoadResult } from './load.ts';
import type { SeededSession } from './seed-sessions.ts';

const helloServer = path.join(path.dirname(fileURLToPath(import.meta.url)), '../hello-server.ts');

export type HelloResult = LoadResult & { cpuUsPerRequest: number };

export interface HelloBaseline {
  /** Loaded as /auth/verify is: a rotating cookie and audience per request. */
  rotating: HelloResult;
  /** One fixed request, the cheapest load autocannon can make. */
  fixed: HelloResult;
}

async function measured(pid: number, load: () => Promise<LoadResult>): Promise<HelloResult> {
  const cpu = cpuSeconds(pid);
  const result = await load();
  return { ...result, cpuUsPerRequest: ((cpuSeconds(pid) - cpu) * 1e6) / result.total };
}

/** `sessions`: cookies and audiences shaped as the product's (the hello-world ignores them). */
export async function measureHelloWorld(seconds: number, sessions: SeededSession[]): Promise<HelloBaseline> {
  const hello = spawn(process.execPath, [helloServer], { stdio: ['ignore', 'pipe', 'inherit'] });
  try {
    const [line] = (await once(hello.stdout!, 'data')).map(String);
    const url = line!.trim();
    await loadUrl(url, { duration: 2 }); // warm-up
    const fixed = await measured(hello.pid!, () => loadUrl(url, { duration: seconds }));
    const rotating = await measured(hello.pid!, () => loadVerify(url, sessions, { duration: seconds }));
    return { rotating, fixed };
  } finally {
    hello.kill();
  }
}
