// One rotation sweep over 1,000 due service-JWT configurations against the fake Kubernetes API
// server, through the real @kubernetes/client-node. Prints the time and rotations per second.
// Usage: npx node bench/rotation.ts [count]   (DATABASE_URL set → that server, else embedded)
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { loadConfig } from '../server/src/config.ts';
import { startEmbeddedPostgres } from '../server/src/db/embedded.ts';
import { migrate } from '../server/src/db/migrate.ts';
import { createPool } from '../server/src/db/pool.ts';
import type { Deps } from '../server/src/deps.ts';
import { createKubernetesSink, loadKubeConfig } from '../server/src/integrations/kubernetes/kubernetes-sink.ts';
import { systemClock } from '../server/src/lib/clock.ts';
import { createEncryptor } from '../server/src/lib/encryption.ts';
import { runRotationSweep } from '../server/src/services/service-jwts/sweep.ts';
import { createKeySet } from '../server/src/services/tokens/signing-keys.ts';
import { FakeKubernetes } from '../server/test/helpers/fake-kubernetes.ts';
import { report } from './lib/report.ts';

const count = Number(process.argv[2] ?? 1000);
const dir = mkdtempSync(path.join(tmpdir(), 'bench-rotation-'));
const embedded = process.env.DATABASE_URL ? null : await startEmbeddedPostgres(dir, () => undefined);
const url = process.env.DATABASE_URL ?? embedded!.url;
const schema = `bench_${Date.now()}`;
await migrate(url, schema);
const db = createPool(url, schema);
const kube = await new FakeKubernetes().start();
try {
  const encryptor = createEncryptor('ef'.repeat(32));
  const deps = {
    config: loadConfig({ ENCRYPTION_KEY: 'ef'.repeat(32) }),
    db,
    clock: systemClock,
    encryptor,
    keys: createKeySet({ db, clock: systemClock, encryptor }),
    secrets: createKubernetesSink(loadKubeConfig({ KUBECONFIG: kube.kubeconfig().file })!),
  } as Deps;
  await deps.keys.ensure();
  await db.query(
    `INSERT INTO service_jwt_configs (service_name, audience, subject, ttl_minutes, k8s_namespace, k8s_secret_name, k8s_secret_key,
       rotation_enabled, rotation_interval_minutes, last_rotated_at, token_expires_at)
     SELECT 'svc-' || i, 'api', 'svc:' || i, 55, 'ns-' || (i % 20), 'jwt-' || i, 'token', true, 60, now() - interval '2 hours', now() - interval '1 hour'
     FROM generate_series(1, $1) AS i`,
    [count],
  );
  const started = performance.now();
  const result = await runRotationSweep(deps);
  const seconds = (performance.now() - started) / 1000;
  const requests = kube.requests.length;
  console.log(
    `rotation sweep over ${count} due configurations: ${seconds.toFixed(2)} s, ${(result.rotated / seconds).toFixed(0)} rotations/s`,
  );
  console.log(
    `  rotated ${result.rotated}, failed ${result.failed}, Kubernetes requests ${requests} (${(requests / result.rotated).toFixed(1)} per rotation)`,
  );
  report({
    name: `rotation sweep over ${count} due service JWTs`,
    figure: `${(result.rotated / seconds).toFixed(0)}/s`,
    goal: 'none',
    pass: null,
  });
} finally {
  await kube.stop();
  await db.query(`DROP SCHEMA "${schema}" CASCADE`).catch(() => undefined);
  await db.end();
  await embedded?.stop();
  rmSync(dir, { recursive: true, force: true });
}
