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

/** A hello-world kept running, to be measured more than once. */
export interface HelloWorld {
  /** `sessions`: cookies and audiences shaped as the product's (the hello-world ignores them). */
  measure(seconds: number, sessions: SeededSession[]): Promise<HelloResult>;
  stop(): void;
}

export async function startHelloWorld(): Promise<HelloWorld> {
  const hello = spawn(process.execPath, [helloServer], { stdio: ['ignore', 'pipe', 'inherit'] });
  try {
    const [line] = (await once(hello.stdout!, 'data')).map(String);
    const url = line!.trim();
    await loadUrl(url, { duration: 2 }); // warm-up
    return {
      async measure(seconds, sessions) {
        const cpu = cpuSeconds(hello.pid!);
        const result = await loadVerify(url, sessions, { duration: seconds });
        return { ...result, cpuUsPerRequest: ((cpuSeconds(hello.pid!) - cpu) * 1e6) / result.total };
      },
      stop: () => hello.kill(),
    };
  } catch (err) {
    hello.kill();
    throw err;
  }
}

/** One measurement in a hello-world of its own. */
export async function measureHelloWorld(seconds: number, sessions: SeededSession[]): Promise<HelloResult> {
  const hello = await startHelloWorld();
  try {
    return await hello.measure(seconds, sessions);
  } finally {
    hello.stop();
  }
}
