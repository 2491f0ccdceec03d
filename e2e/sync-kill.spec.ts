import type { DataItem, SyncHistory } from '@portal/contract';
import { rmSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { api, signIn } from './helpers/http-session.ts';
import { freshDataDir, startProduct, type RunningProduct } from './helpers/start-product.ts';
import { startWatchedSimulator, type WatchedSimulator } from './helpers/watched-simulator.ts';

const PORT = Number(process.env.E2E_PORT ?? 3900) + 30;
const CLIENT = { clientId: 'sync-kill', clientSecret: 'sync-kill-secret' };
const ADMIN = '1:100001';
/** The largest page SWCombine's galaxy lists answer. */
const PAGE = 50;
/** List pages the product stores before SWCombine stops answering and the product is killed. */
const PAGES_BEFORE_KILL = 4;
/** Sectors left in the simulator's galaxy (of 240): a dozen pages of systems keep the run short. */
const SECTORS = 60;

describe('a systems sync killed with SIGKILL in the middle', () => {
  const dataDir = freshDataDir();
  let sim: WatchedSimulator | undefined;
  let product: RunningProduct | undefined;

  afterAll(async () => {
    await product?.stop();
    await sim?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('resumes after a restart on the same DATA_DIR and stores every system once', { timeout: 5 * 60_000 }, async () => {
    // SWCombine's 600 requests, in windows short enough that the budget never holds the sync up:
    // where the product stops is decided by the held page.
    sim = await startWatchedSimulator({
      rateLimit: 600,
      rateWindowSeconds: 1,
      clients: [{ ...CLIENT, redirectUris: [`http://localhost:${PORT}/auth/callback`] }],
    });
    sim.galaxy.mutate({ remove: sim.galaxy.sectors.all.slice(SECTORS).map((s) => s.uid) });
    // A real client id makes the admin console ask for a passkey (ADMIN_PASSKEY=required): this spec is about the sync.
    const env = {
      SWC_BASE_URL: sim.url,
      SWC_CLIENT_ID: CLIENT.clientId,
      SWC_CLIENT_SECRET: CLIENT.clientSecret,
      ADMIN_UIDS: ADMIN,
      ADMIN_PASSKEY: 'optional',
    };
    product = await startProduct(PORT, env, [], { dataDir });
    const cookie = await signIn(product.baseUrl, ADMIN);
    const call = api(product.baseUrl, cookie);
    const history = async () => ((await call('GET', '/api/admin/radiant-mgmt/history?limit=20')).body as SyncHistory).runs;
    const systemsRun = async () => (await history()).find((r) => r.type === 'systems');

    const held = sim.holdListFrom('systems', PAGES_BEFORE_KILL * PAGE + 1);
    expect((await call('POST', '/api/admin/radiant-mgmt/sync/systems')).status).toBe(202);
    await held;
    // What the admin sees just before the crash: a running run with part of the systems stored.
    await expect
      .poll(systemsRun, { timeout: 30_000, interval: 250 })
      .toMatchObject({ status: 'running', progress: { target: 'systems', done: PAGES_BEFORE_KILL * PAGE } });

    await product.kill();
    sim.release();
    // Same port, same DATA_DIR: the session cookie and `call` still work.
    product = await startProduct(PORT, env, [], { dataDir });

    const systems = sim.galaxy.systems.all.map((s) => s.uid);
    const n = systems.length.toLocaleString('en-US');
    await expect
      .poll(systemsRun, { timeout: 3 * 60_000, interval: 1_000 })
      .toMatchObject({ status: 'completed', message: `systems: ${n} (${n} new)` });

    const runs = await history();
    expect(runs.filter((r) => r.type === 'systems')).toHaveLength(1);
    expect(runs.filter((r) => r.status === 'queued' || r.status === 'running')).toEqual([]);

    const stored: string[] = [];
    for (let offset = 0; ; offset += 200) {
      const page = (await call('GET', `/api/data/systems?limit=200&offset=${offset}`)).body as { items: DataItem[]; total: number };
      stored.push(...page.items.map((i) => i.uid));
      if (page.items.length < 200) break;
    }
    expect(new Set(stored).size).toBe(stored.length);
    expect([...stored].sort()).toEqual([...systems].sort());

    // Every list page once, plus the one held when the product died; at most one detail call per system.
    const requests = sim.requests('systems');
    expect(requests.list).toBeLessThanOrEqual(Math.ceil(systems.length / PAGE) + sim.held());
    expect(requests.detail).toBeLessThanOrEqual(systems.length);
  });
});
