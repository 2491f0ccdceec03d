// The ceiling for an HTTP answer on this machine: a bare Fastify hello-world in its own process,
// loaded by autocannon from this one exactly as the product is.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { cpuSeconds } from './cpu-time.ts';
import { loadUrl, type LoadResult } from './load.ts';

const helloServer = path.join(path.dirname(fileURLToPath(import.meta.url)), '../hello-server.ts');

/** The load result, and the server's CPU microseconds per request. */
export async function measureHelloWorld(seconds: number): Promise<LoadResult & { cpuUsPerRequest: number }> {
  const hello = spawn(process.execPath, ['--import', 'tsx', helloServer], { stdio: ['ignore', 'pipe', 'inherit'] });
  try {
    const [url] = (await once(hello.stdout!, 'data')).map(String);
    await loadUrl(url!.trim(), { duration: 2 }); // warm-up
    const cpu = cpuSeconds(hello.pid!);
    const result = await loadUrl(url!.trim(), { duration: seconds });
    return { ...result, cpuUsPerRequest: ((cpuSeconds(hello.pid!) - cpu) * 1e6) / result.total };
  } finally {
    hello.kill();
  }
}
