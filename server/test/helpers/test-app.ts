import { startDiscordSimulator, type RunningDiscordSimulator } from '@portal/discord-simulator';
import { startSimulator, type RunningSimulator, type SimulatorOptions } from '@portal/swc-simulator';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { buildApp } from '../../src/app.ts';
import { loadConfig, SIMULATOR_CLIENT, type Config } from '../../src/config.ts';
import type { Deps, JobQueue } from '../../src/deps.ts';
import { createKubernetesSink, loadKubeConfig } from '../../src/integrations/kubernetes/kubernetes-sink.ts';
import { createSwcBudget } from '../../src/services/swcombine/budget.ts';
import { createSwcClient } from '../../src/integrations/swcombine/oauth-client.ts';
import { createDiscordClient } from '../../src/integrations/discord/client.ts';
import { createAccessChanged } from '../../src/lib/access-changed.ts';
import { createEncryptor } from '../../src/lib/encryption.ts';
import { buildManagementApp } from '../../src/management-app.ts';
import { createMetrics, type PortalMetrics } from '../../src/metrics.ts';
import { ensurePortalRedirect } from '../../src/queries/apps.ts';
import { signInReturnPages } from '../../src/services/oidc/paths.ts';
import { createKeySet } from '../../src/services/tokens/signing-keys.ts';
import { FakeKubernetes } from './fake-kubernetes.ts';
import { createTestDb, type TestDbOptions } from './test-db.ts';

export const PUBLIC_URL = 'http://localhost:3000';
export const DASHBOARD = `${PUBLIC_URL}/dashboard`;

/** A clock the test moves by hand; the app and the simulator share it. */
export class TestClock {
  private current: Date;
  constructor(current = new Date('2026-11-22T12:00:00Z')) {
    this.current = current;
  }
  now = () => new Date(this.current);
  advance(ms: number) {
    this.current = new Date(this.current.getTime() + ms);
  }
}

export interface TestContext {
  app: FastifyInstance;
  /** What `app` records its requests into. */
  metrics: PortalMetrics;
  /** The management app (/healthz, /readyz, /metrics) publishing `metrics`, built at the first call. */
  management(): Promise<FastifyInstance>;
  deps: Deps;
  config: Config;
  clock: TestClock;
  simulatorUrl: string;
  /** The simulator itself: `sim.stats()` counts the web-service requests the app made. */
  sim: RunningSimulator;
  kube: FakeKubernetes;
  /** The Discord simulator the app talks to (DISCORD_URL), on the real clock: @discordjs/rest waits in real time. */
  discord: RunningDiscordSimulator;
  /** Jobs the app handed over, in order (tests run them by hand). */
  sentJobs: { name: string; data: object }[];
  close(): Promise<void>;
}

/**
 * In-app requests stand for the SPA, which a browser makes send its Origin on every write.
 * Tests that play a cross-site caller set `origin` themselves (`origin: undefined` sends none).
 */
function sendOriginOnWrites(app: FastifyInstance, origin: string) {
  const inject = app.inject.bind(app) as (opts: InjectOptions | string) => Promise<LightMyRequestResponse>;
  app.inject = ((opts: InjectOptions | string) => {
    if (typeof opts === 'string' || !['POST', 'PUT', 'PATCH', 'DELETE'].includes(String(opts.method ?? 'GET').toUpperCase())) {
      return inject(opts);
    }
    const headers: Record<string, unknown> = { ...opts.headers };
    if (!('origin' in headers)) headers.origin = origin;
    if (headers.origin === undefined) delete headers.origin;
    return inject({ ...opts, headers: headers as InjectOptions['headers'] });
  }) as FastifyInstance['inject'];
}

/**
 * `env` as the server would read it (SWC_SIMULATOR_RATE_LIMIT and friends set the simulator's limits, as
 * in the product); `databaseRoute.poolUrl` routes the app's connections elsewhere (e.g. a proxy), and
 * `databaseRoute.prepare` builds the schema (e.g. restores a backup into it); `simulator.galaxyRows` makes the
 * simulator's galaxy smaller, for a test that reads all of it. */
export async function createTestApp(
  env: Record<string, string> = {},
  databaseRoute: Pick<TestDbOptions, 'poolUrl' | 'prepare'> = {},
  simulator: Pick<SimulatorOptions, 'galaxyRows'> = {},
): Promise<TestContext> {
  const config = loadConfig({ PUBLIC_URL, ADMIN_UIDS: '1:100001', ENCRYPTION_KEY: 'ab'.repeat(32), ...env });
  const database = await createTestDb({ ...databaseRoute, timeouts: config.databaseTimeouts });
  const clock = new TestClock();
  const sim = await startSimulator({
    port: 0,
    now: () => clock.now().getTime(),
    ...config.swc.simulatorLimits,
    ...simulator,
    clients: [{ ...SIMULATOR_CLIENT, redirectUris: [`${PUBLIC_URL}/auth/callback`], name: 'Portal under test' }],
  });
  // As at the product's start: the portal admits its dashboard at PUBLIC_URL.
  await ensurePortalRedirect(database.db, `${config.publicUrl}/dashboard`, signInReturnPages(config.publicUrl));
  const kube = await new FakeKubernetes().start();
  const discord = await startDiscordSimulator({ port: 0, redirectUris: [`${PUBLIC_URL}/auth/discord/callback`] });
  const encryptor = createEncryptor(config.encryptionKeyHex!, config.encryptionKeyPreviousHex);
  const sentJobs: { name: string; data: object }[] = [];
  const queue: JobQueue = { send: async (name, data) => void sentJobs.push({ name, data }) };
  const deps: Deps = {
    config,
    db: database.db,
    clock,
    encryptor,
    keys: createKeySet({ db: database.db, clock, encryptor }),
    secrets: createKubernetesSink(loadKubeConfig({ KUBECONFIG: kube.kubeconfig().file })!),
    accessChanged: createAccessChanged(),
    queue,
    discord: createDiscordClient({ url: discord.url, retries: 0, timeoutMs: 5_000 }),
    swc: createSwcClient({
      baseUrl: sim.url,
      ...SIMULATOR_CLIENT,
      clock,
      budget: createSwcBudget({ db: database.db, clock, ...config.swc.budget }),
    }),
  };
  const metrics = createMetrics(deps);
  const app = await buildApp(deps, { metrics });
  sendOriginOnWrites(app, new URL(config.publicUrl).origin);
  let management: Promise<FastifyInstance> | undefined;
  return {
    app,
    metrics,
    management: () => (management ??= buildManagementApp(deps, { metrics })),
    deps,
    config,
    clock,
    simulatorUrl: sim.url,
    sim,
    kube,
    discord,
    sentJobs,
    async close() {
      await app.close();
      if (management) await (await management).close();
      await sim.close();
      await discord.close();
      await kube.stop();
      await database.drop();
    },
  };
}
