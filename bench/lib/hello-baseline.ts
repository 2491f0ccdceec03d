// The ceiling for an HTTP answer on this machine: a bare node:http hello-world in its own process,
// loaded by autocannon from this one exactly as /auth/verify is (each request a new session cookie
// and audience, built per request), so the load generator, which shares the machine's two cores,
// does the same work for both.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { cpuSeconds } from './cpu-time.ts';
import { loadUrl, loadVerify, type LoadResult } from './load.ts';
import type { SeededSession } from './seed-sessions.ts';

const helloServer = path.join(path.dirname(fileURLToPath(import.meta.url)), '../hello-server.ts');

export type HelloResult = LoadResult & { cpuUsPerRequest: number };

/** `sessions`: cookies and audiences shaped as the product's (the hello-world ignores them). */
export async function measureHelloWorld(seconds: number, sessions: SeededSession[]): Promise<HelloResult> {
  const hello = spawn(process.execPath, [helloServer], { stdio: ['ignore', 'pipe', 'inherit'] });
  try {
    const [line] = (await once(hello.stdout!, 'data')).map(String);
    const url = line!.trim();
    await loadUrl(url, { duration: 2 }); // warm-up
    const cpu = cpuSeconds(hello.pid!);
    const result = await loadVerify(url, sessions, { duration: seconds });
    return { ...result, cpuUsPerRequest: ((cpuSeconds(hello.pid!) - cpu) * 1e6) / result.total };
  } finally {
    hello.kill();
  }
}
