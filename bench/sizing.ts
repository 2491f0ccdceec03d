// The figures of the sizing sheet in docs/operations.md that no other bench prints: the resident
// memory of an idle web replica (PORTAL_MODE=web, with the bundled simulator) and of an idle worker
// (PORTAL_MODE=worker, with the compile cache the image has; the web replica's simulators are not in the image
// nor in its cache) on the same database, and per sign-in end to end (through the simulator) the
// statements sent to PostgreSQL, how many of them write, and the requests sent to SWCombine's web
// services, counted inside the web replica over `n` sign-ins one after another.
// Usage: npm run build -w web && npx node bench/sizing.ts [n]
import { readFileSync, rmSync } from 'node:fs';
import { loadavg } from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';
import { freePort } from '../e2e/helpers/free-port.ts';
import { startProduct } from '../e2e/helpers/start-product.ts';
import { warmCompileCache } from './lib/compile-cache.ts';
import { report } from './lib/report.ts';
import { statementCounter } from './lib/statement-counter.ts';
import { signInOverHttp } from './sign-in-over-http.ts';

const n = Number(process.argv.find((a) => /^\d+$/.test(a)) ?? 50);
const CHARACTERS = ['1:100001', '1:100002', '1:100003', '1:100004'];
const rssMb = (pid: number) => Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))![1]) / 1024;

const port = Number(process.env.BENCH_PORT ?? 3967);
const counter = statementCounter();
const compileCache = warmCompileCache();
const web = await startProduct(
  port,
  { PORTAL_MODE: 'web', SWC_SIMULATOR_RATE_LIMIT: '1000000', TRUST_PROXY: 'true', ...counter.env },
  counter.nodeArgs,
);
let webIdle: number, workerIdle: number, idleLoad: number, perSignIn;
try {
  const worker = await startProduct(
    await freePort(),
    {
      PORTAL_MODE: 'worker',
      DATABASE_URL: web.databaseUrl,
      SWC_SIMULATOR_URL: `http://localhost:${port + 1}`,
      DISCORD_URL: `http://localhost:${port + 2}`,
      NODE_COMPILE_CACHE: compileCache,
    },
    [],
    { dataDir: web.dataDir }, // the same dev encryption key
  );
  try {
    await sleep(5000); // start-up garbage collected, jobs scheduled
    for (const uid of CHARACTERS) await signInOverHttp(web.baseUrl, uid); // a few requests, and every player exists
    await sleep(2000);
    webIdle = rssMb(web.pid);
    workerIdle = rssMb(worker.pid);
    idleLoad = loadavg()[0]!;
    const before = await counter.read(web.pid);
    for (let i = 0; i < n; i++) {
      await signInOverHttp(web.baseUrl, CHARACTERS[i % CHARACTERS.length]!, { 'x-forwarded-for': `2001:db8:${i.toString(16)}::1` });
    }
    const after = await counter.read(web.pid);
    perSignIn = {
      statements: (after.statements - before.statements) / n,
      writes: (after.writes - before.writes) / n,
      swcRequests: (after.swcRequests - before.swcRequests) / n,
    };
  } finally {
    await worker.stop();
  }
} finally {
  await web.stop();
  rmSync(compileCache, { recursive: true, force: true });
}
console.log(
  `RSS after start and a few sign-ins, the worker with the image's compile cache (the embedded PostgreSQL is a process of its own, not counted), load average ${idleLoad.toFixed(1)}:`,
);
console.log(
  `  web replica (PORTAL_MODE=web, with the simulator): ${webIdle.toFixed(0)} MB; worker (PORTAL_MODE=worker): ${workerIdle.toFixed(0)} MB`,
);
console.log(
  `per sign-in over ${n}: ${perSignIn.statements.toFixed(1)} PostgreSQL statements, ${perSignIn.writes.toFixed(1)} of them writes; ` +
    `${perSignIn.swcRequests.toFixed(1)} SWCombine web-service requests`,
);
report({ name: 'web replica RSS idle', figure: `${webIdle.toFixed(0)} MB`, goal: 'none', pass: null });
report({ name: 'worker RSS idle', figure: `${workerIdle.toFixed(0)} MB`, goal: 'none', pass: null });
report({
  name: 'per sign-in: PostgreSQL statements (writes), SWCombine requests',
  figure: `${perSignIn.statements.toFixed(1)} (${perSignIn.writes.toFixed(1)}), ${perSignIn.swcRequests.toFixed(1)}`,
  goal: 'none',
  pass: null,
});
