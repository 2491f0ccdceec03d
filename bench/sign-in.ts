// Sign-ins per second end to end, as a browser does them over HTTP: /auth/login, the bundled
// SWCombine simulator's consent form, /auth/callback (code exchange, profile, session). The
// simulator runs in the product's process (README command 1) with its rate limit raised, so the
// figure includes the simulator's own work. Each sign-in comes from its own address (X-Forwarded-For
// behind TRUST_PROXY, IPv6 documentation range), as players do, so the per-address limit of 60
// sign-ins a minute does not apply to the bench as a whole. Usage: npm run build -w web && npx node bench/sign-in.ts [seconds] [concurrency]
import { cpuSeconds } from './lib/cpu-time.ts';
import { startProfiledProduct } from './lib/profiled-product.ts';
import { percentile, report } from './lib/report.ts';
import { signInOverHttp } from './sign-in-over-http.ts';

const [seconds = 10, concurrency = 20] = process.argv
  .slice(2)
  .filter((a) => /^\d+$/.test(a))
  .map(Number);
const profile = process.argv.includes('--cpu-prof');
const GOAL = 100;
const CHARACTERS = ['1:100001', '1:100002', '1:100003', '1:100004'];

const product = await startProfiledProduct(
  Number(process.env.BENCH_PORT ?? 3966),
  { SWC_SIMULATOR_RATE_LIMIT: '1000000', TRUST_PROXY: 'true' },
  profile,
);
const latencies: number[] = [];
let failures = 0;
let rate: number;
let cpuMs: number;
try {
  for (const uid of CHARACTERS) await signInOverHttp(product.baseUrl, uid); // warm-up, and every user exists
  const cpu = cpuSeconds(product.pid);
  const started = performance.now();
  const deadline = started + seconds * 1000;
  await Promise.all(
    Array.from({ length: concurrency }, async (_, worker) => {
      for (let i = worker; performance.now() < deadline; i += concurrency) {
        const t = performance.now();
        try {
          await signInOverHttp(product.baseUrl, CHARACTERS[i % CHARACTERS.length]!, {
            'x-forwarded-for': `2001:db8:${(i % 65536).toString(16)}::1`,
          });
          latencies.push(performance.now() - t);
        } catch (err) {
          if (++failures === 1) console.error(String(err));
        }
      }
    }),
  );
  rate = latencies.length / ((performance.now() - started) / 1000);
  // The server process's CPU (the simulator's share included: it runs in the same process; PostgreSQL's not).
  cpuMs = ((cpuSeconds(product.pid) - cpu) * 1000) / latencies.length;
} finally {
  await product.stop();
}
latencies.sort((a, b) => a - b);
console.log(
  `${latencies.length} sign-ins in ${seconds} s at concurrency ${concurrency}: ${rate.toFixed(0)}/s, ` +
    `p50 ${percentile(latencies, 50).toFixed(0)} ms, p99 ${percentile(latencies, 99).toFixed(0)} ms, ${failures} failed; ` +
    `server CPU ${cpuMs.toFixed(1)} ms a sign-in (simulator included, PostgreSQL not): ${(1000 / cpuMs).toFixed(0)}/s per core`,
);
console.log(
  'Anchor: Keycloak sizes one vCPU per 15 password logins/s. Ours hashes no password (SWCombine checks it),\n' +
    'so the comparison is loose: our figure is the cost of the OAuth round trips, the profile and the session.',
);
report({
  name: 'sign-ins end to end (simulator in process)',
  figure: `${rate.toFixed(0)}/s`,
  goal: `≥ ${GOAL}/s, ${failures} failed`,
  pass: rate >= GOAL && failures === 0,
});
if (profile) console.log(`\n${product.summary()}`);
