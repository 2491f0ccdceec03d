// App and service JWTs signed per second per core with the product's KeySet (ES256). "Per core" is
// tokens per CPU-second of this process (user + system, worker threads included), so a signer
// that spreads over the libuv thread pool cannot look faster than one core makes it.
// No database: the KeySet reads its key row from a stand-in. Usage: npx node bench/jwt-sign.ts [tokens]
import { randomUUID } from 'node:crypto';
import { exportJWK, generateKeyPair, calculateJwkThumbprint } from 'jose';
import type { Pool } from 'pg';
import { createEncryptor } from '../server/src/lib/encryption.ts';
import { systemClock } from '../server/src/lib/clock.ts';
import { createKeySet } from '../server/src/services/tokens/signing-keys.ts';
import type { SigningKeyRow } from '../server/src/services/tokens/queries/signing-keys.ts';
import { report } from './lib/report.ts';

const tokens = Number(process.argv[2] ?? 20_000);
const GOAL = 5000;
const BATCH = 50;

const encryptor = createEncryptor('ab'.repeat(32));
const { publicKey, privateKey } = await generateKeyPair('ES256', { extractable: true });
const publicJwk = await exportJWK(publicKey);
const now = Date.now();
const row: SigningKeyRow = {
  kid: await calculateJwkThumbprint(publicJwk),
  alg: 'ES256',
  public_jwk: publicJwk,
  private_jwk_enc: encryptor.encrypt(JSON.stringify(await exportJWK(privateKey))),
  created_at: new Date(now - 60_000),
  activates_at: new Date(now - 60_000),
  retires_at: new Date(now + 86_400_000),
  expires_at: new Date(now + 2 * 86_400_000),
};
const db = { query: async () => ({ rows: [row] }) } as unknown as Pool;
const keys = createKeySet({ db, clock: systemClock, encryptor });

const appToken = (i: number) => {
  const iat = Math.floor(Date.now() / 1000);
  return keys.sign(
    {
      iss: 'https://portal.example.com',
      aud: `app-${i % 20}`,
      sub: `1:${100000 + (i % 10_000)}`,
      client_id: `app-${i % 20}`,
      sid: 'bench-session',
      scp: ['character_read'],
      roles: ['member'],
      name: 'Mira Solan',
      iat,
      exp: iat + 300,
      jti: randomUUID(),
    },
    'at+jwt',
  );
};
const serviceToken = (i: number) => {
  const iat = Math.floor(Date.now() / 1000);
  return keys.sign({ iss: 'https://portal.example.com', aud: 'api', sub: `svc:${i}`, iat, exp: iat + 3300, jti: randomUUID() }, 'JWT');
};

async function measure(label: string, make: (i: number) => Promise<string>) {
  for (let i = 0; i < 500; i++) await make(i); // warm-up: key import, JIT
  const cpu = process.cpuUsage();
  const started = performance.now();
  for (let i = 0; i < tokens; i += BATCH) await Promise.all(Array.from({ length: BATCH }, (_, j) => make(i + j)));
  const wall = (performance.now() - started) / 1000;
  const used = process.cpuUsage(cpu);
  const cpuSeconds = (used.user + used.system) / 1e6;
  const perCore = tokens / cpuSeconds;
  console.log(
    `${label.padEnd(12)} ${tokens} tokens in ${wall.toFixed(2)} s wall, ${cpuSeconds.toFixed(2)} s CPU: ${(tokens / wall).toFixed(0)}/s, ${perCore.toFixed(0)}/s per core`,
  );
  return perCore;
}

console.log(`ES256 JWTs signed by the product's KeySet, ${BATCH} at a time`);
const app = await measure('app JWT', appToken);
const service = await measure('service JWT', serviceToken);
console.log('Anchor: Keycloak sizes one vCPU per 120 client-credential grants/s (a whole grant, not only the signature).');
report({ name: 'app JWTs signed per core', figure: `${app.toFixed(0)}/s`, goal: `≥ ${GOAL}/s`, pass: app >= GOAL });
report({ name: 'service JWTs signed per core', figure: `${service.toFixed(0)}/s`, goal: `≥ ${GOAL}/s`, pass: service >= GOAL });
