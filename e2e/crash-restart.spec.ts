import { readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { isAlive } from '../server/src/db/postmaster-pid.ts';
import { api, signIn } from './helpers/http-session.ts';
import { freshDataDir, startProduct, type RunningProduct } from './helpers/start-product.ts';

const PORT = Number(process.env.E2E_PORT ?? 3900) + 10;

describe('after the server is killed with SIGKILL', () => {
  const dataDir = freshDataDir();
  let product: RunningProduct | undefined;

  afterAll(async () => {
    await product?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('stops the orphaned PostgreSQL and serves again on the same DATA_DIR with everything intact', async () => {
    const startedAt = Date.now();
    product = await startProduct(PORT, {}, [], { dataDir });
    const firstStartMs = Date.now() - startedAt;
    const cookie = await signIn(product.baseUrl, '1:100001');
    const call = api(product.baseUrl, cookie);
    const app = { key: 'wiki', name: 'Wiki', audience: 'wiki', redirect_urls: ['https://wiki.example.com/'] };
    expect((await call('POST', '/api/admin/apps', app)).status).toBe(201);
    const jwt = {
      service_name: 'billing-worker',
      audience: 'billing-api',
      subject: 'svc:billing',
      ttl_minutes: 60,
      k8s_namespace: 'billing',
      k8s_secret_name: 'billing-jwt',
      k8s_secret_key: 'token',
      rotation_enabled: true,
      rotation_interval_minutes: 1440,
    };
    expect((await call('POST', '/api/admin/service-jwts', jwt)).status).toBe(201);
    const postgresPid = Number(readFileSync(path.join(dataDir, 'postgres', 'postmaster.pid'), 'utf8').split('\n')[0]);

    await product.kill();
    // The watchdog stops the database once its parent is gone.
    await expect.poll(() => isAlive(postgresPid), { timeout: 10_000, interval: 200 }).toBe(false);

    const restartedAt = Date.now();
    product = await startProduct(PORT, {}, [], { dataDir });
    // Crash recovery costs no more than twice a first start (initdb, every migration): 20 s at least, as a machine
    // running three browser lanes on two cores started the product in over 20 s (21.5 s once).
    expect(Date.now() - restartedAt).toBeLessThan(Math.max(20_000, 2 * firstStartMs));

    const again = api(product.baseUrl, cookie);
    const me = await again('GET', '/api/me');
    expect(me).toMatchObject({ status: 200, body: { uid: '1:100001' } });
    expect((await again('GET', '/api/admin/apps')).body).toEqual(expect.arrayContaining([expect.objectContaining({ key: 'wiki' })]));
    expect((await again('GET', '/api/admin/service-jwts')).body).toEqual([expect.objectContaining({ service_name: 'billing-worker' })]);
  });
});
