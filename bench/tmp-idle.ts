import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';
import { startProduct } from '../e2e/helpers/start-product.ts';
for (let round = 0; round < 2; round++) for (const mode of ['all', 'web']) {
  const p = await startProduct(5660, { PORTAL_MODE: mode, NODE_ENV: 'production', SWC_CLIENT_ID: 'x', SWC_CLIENT_SECRET: 'y', ENCRYPTION_KEY: 'a'.repeat(64) });
  await sleep(5000);
  console.log(round, mode, Number(readFileSync(`/proc/${p.pid}/status`, 'utf8').match(/VmRSS:\s+(\d+)/)![1]) / 1024 | 0, 'MB', 'load', loadavg()[0]);
  await p.stop();
}
