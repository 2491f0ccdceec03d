import { writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from './app.ts';
import { buildManagementApp } from './management-app.ts';
import { createMetrics } from './metrics.ts';
import { ConfigError, loadConfig, type Config } from './config.ts';
import { startEmbeddedPostgres } from './db/embedded.ts';
import { migrate } from './db/migrate.ts';
import { createPool } from './db/pool.ts';
import { createSwcBudget } from './services/swcombine/budget.ts';
import { createSwcClient } from './integrations/swcombine/oauth-client.ts';
import { createDiscordClient } from './integrations/discord/client.ts';
import { fillSimulatorConnection, type SimulatedConnection } from './services/discord/simulator-connection.ts';
import { systemClock } from './lib/clock.ts';
import { createEncryptor, loadOrCreateDevKey } from './lib/encryption.ts';
import { createSecretSink, SECRETS_FOLDER } from './integrations/kubernetes/choose-sink.ts';
import { accessChangeChannel } from './db/notify.ts';
import { startJobSystem } from './jobs/system.ts';
import { createAccessChanged } from './lib/access-changed.ts';
import { formatBanner, migrationsNote } from './lib/banner.ts';
import { developmentLogger } from './lib/log-redaction.ts';
import { checkPortsFree, listenAt, StartError, type Listener } from './lib/listen.ts';
import { ensurePortalRedirect } from './queries/apps.ts';
import { findUnsendableGrants } from './services/app-access/grant-values.ts';
import { createKeySet } from './services/tokens/signing-keys.ts';
import { DISCOVERY_PATH, signInReturnPages } from './services/oidc/paths.ts';
import type { Deps } from './deps.ts';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

const MODE_NOTES: Record<Config['mode'], string> = {
  all: 'all (HTTP and background jobs; PORTAL_MODE=web|worker splits them)',
  web: 'web (HTTP only; jobs are handed to the workers)',
  worker: 'worker (background jobs; HTTP on the management port only)',
};

/** A URL an operator on this machine can open: a wildcard host becomes localhost. */
function localUrl(host: string, port: number): string {
  if (['0.0.0.0', '::', '[::]'].includes(host)) return `http://localhost:${port}`;
  return `http://${host.includes(':') && !host.startsWith('[') ? `[${host}]` : host}:${port}`;
}

/** What this process listens on: the public port (not a worker), the management port, the simulator's. */
function listenersOf(config: Config): Listener[] {
  const listeners: Listener[] = [];
  if (config.mode !== 'worker') listeners.push({ setting: 'PORT', port: config.port, hostSetting: 'HOST', host: config.host });
  listeners.push({
    setting: 'MANAGEMENT_PORT',
    port: config.management.port,
    hostSetting: 'MANAGEMENT_HOST',
    host: config.management.host,
  });
  if (config.swc.simulator && config.mode !== 'worker') {
    listeners.push({ setting: 'SWC_SIMULATOR_PORT', port: config.swc.simulatorPort, host: 'localhost' });
  }
  if (config.discord.simulator && config.mode !== 'worker') {
    listeners.push({ setting: 'DISCORD_SIMULATOR_PORT', port: config.discord.simulatorPort, host: 'localhost' });
  }
  return listeners;
}

/** What a failed start leaves running (the embedded PostgreSQL, the simulator, pools), stopped last first. */
const stops: (() => Promise<void>)[] = [];

async function main() {
  let config: Config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      process.stderr.write(`${err.message}\n`);
      process.exit(1);
    }
    throw err;
  }
  // A taken port stops the start before anything is started, naming the setting to change.
  const listeners = listenersOf(config);
  await checkPortsFree(listeners);
  const notes: string[] = [];
  const log = (m: string) => process.stdout.write(`${m}\n`);

  let databaseUrl = config.databaseUrl;
  if (!databaseUrl) {
    const embedded = await startEmbeddedPostgres(config.dataDir, log);
    stops.push(embedded.stop);
    databaseUrl = embedded.url;
    // Lets operators and the browser tests reach the embedded database (psql "$(cat .data/database-url)").
    writeFileSync(path.resolve(config.dataDir, 'database-url'), `${embedded.url}\n`, { mode: 0o600 });
    notes.push(`Database:   embedded PostgreSQL (DATABASE_URL unset), data in ${embedded.dataDir}`);
  } else {
    notes.push('Database:   DATABASE_URL');
  }
  const applied = await migrate(databaseUrl);
  if (applied.length) notes.push(`Migrations: ${migrationsNote(applied)}`);

  let swcBaseUrl = config.swc.baseUrl;
  if (config.mode === 'worker' && config.swc.simulator) {
    // A worker starts no simulator: it calls the one a web replica runs (the config requires its URL).
    swcBaseUrl = config.swc.simulatorUrl!;
    notes.push(`SWCombine:  SIMULATOR at ${swcBaseUrl} (SWC_SIMULATOR_URL; SWC_CLIENT_ID unset) — not the real swcombine.com`);
  } else if (config.swc.simulator) {
    // Imported only here: the production image does not ship the simulator (and production refuses simulator mode).
    const { startSimulator } = await import('@portal/swc-simulator');
    const sim = await startSimulator({
      port: config.swc.simulatorPort,
      ...config.swc.simulatorLimits,
      clients: [
        {
          clientId: config.swc.clientId,
          clientSecret: config.swc.clientSecret,
          redirectUris: [`${config.publicUrl}/auth/callback`],
          name: 'Industry Alignment Management Platform',
        },
      ],
    });
    stops.push(sim.close);
    swcBaseUrl = sim.url;
    notes.push(`SWCombine:  SIMULATOR at ${sim.url} (SWC_CLIENT_ID unset) — not the real swcombine.com`);
  } else {
    notes.push(`SWCombine:  ${swcBaseUrl} as client ${config.swc.clientId}`);
  }
  // The Discord simulator runs exactly when the SWCombine simulator does and DISCORD_URL is unset.
  let discordUrl = config.discord.url;
  let simulatedDiscord: SimulatedConnection | undefined;
  if (config.discord.simulator && config.mode !== 'worker') {
    const { startDiscordSimulator } = await import('@portal/discord-simulator');
    const discordSim = await startDiscordSimulator({
      port: config.discord.simulatorPort,
      redirectUris: [`${config.publicUrl}/auth/discord/callback`],
    });
    stops.push(discordSim.close);
    discordUrl = discordSim.url;
    simulatedDiscord = discordSim.connection;
    notes.push(`Discord:    SIMULATOR at ${discordSim.url} (DISCORD_URL unset) — not the real discord.com`);
  } else {
    notes.push(`Discord:    ${discordUrl}${config.discord.simulator ? ' (the web replica’s simulator)' : ''}`);
  }
  notes.push(`Admins:     ${config.adminUids.join(', ') || '(none: set ADMIN_UIDS)'}`);

  let keyHex = config.encryptionKeyHex;
  if (!keyHex) {
    keyHex = loadOrCreateDevKey(config.dataDir);
    notes.push(`Encryption: dev key in ${path.resolve(config.dataDir, 'encryption.key')} (ENCRYPTION_KEY unset)`);
  }

  const db = createPool(
    databaseUrl,
    undefined,
    (err) => process.stderr.write(`database connection dropped: ${err.message}\n`),
    config.databaseTimeouts,
  );
  stops.push(() => db.end());
  // The processes that serve sign-in decide the portal's URL; a worker may not even know PUBLIC_URL.
  if (config.mode !== 'worker') await ensurePortalRedirect(db, `${config.publicUrl}/dashboard`, signInReturnPages(config.publicUrl));
  for (const unsendable of await findUnsendableGrants({ db })) {
    notes.push(`Warning:    ${unsendable} cannot travel in a header or a JWT: left out; revoke it on Central Consents`);
  }
  const encryptor = createEncryptor(keyHex, config.encryptionKeyPreviousHex);
  if (encryptor.changing) {
    notes.push('Encryption: changing key: ENCRYPTION_KEY_PREVIOUS still decrypts until the re-encryption job says it has finished');
  }
  const secrets = await createSecretSink(process.env, path.resolve(config.dataDir, SECRETS_FOLDER));
  notes.push(`Secrets:    ${secrets.description}`);
  const keys = createKeySet({ db, clock: systemClock, encryptor });
  await keys.ensure();
  const jobs = await startJobSystem(databaseUrl, {
    runsJobs: config.mode !== 'web',
    log: (msg, err) => process.stderr.write(`${msg}: ${String(err)}\n`),
  });
  stops.push(jobs.stop);
  // Replicas tell each other when access changes: each drops the answers it kept.
  const accessChanges = accessChangeChannel(databaseUrl, () => accessChanged.heard(), {
    timeouts: config.databaseTimeouts,
    log: (msg) => process.stderr.write(`${msg}\n`),
  });
  const accessChanged = createAccessChanged(accessChanges.publish);
  await accessChanges.listen();
  stops.push(accessChanges.close);
  const deps: Deps = {
    config,
    db,
    clock: systemClock,
    encryptor,
    keys,
    secrets,
    accessChanged,
    queue: jobs.queue,
    discord: createDiscordClient({ url: discordUrl }),
    swc: createSwcClient({
      baseUrl: swcBaseUrl,
      clientId: config.swc.clientId,
      clientSecret: config.swc.clientSecret,
      clock: systemClock,
      requestTimeoutMs: config.swc.requestTimeoutSeconds * 1000,
      budget: createSwcBudget({ db, clock: systemClock, ...config.swc.budget }),
    }),
  };
  if (simulatedDiscord && (await fillSimulatorConnection(deps, simulatedDiscord))) {
    notes.push('Discord:    connection filled in with the simulator’s application, bot and server (Admin → Discord)');
  }
  // Development: a readable line per entry and per request; otherwise pino's JSON lines.
  const logger = config.env === 'development' ? await developmentLogger(config.logLevel) : { level: config.logLevel };
  const metrics = createMetrics(deps);
  // A worker serves no product: the management port is all its HTTP.
  const app =
    config.mode === 'worker'
      ? undefined
      : await buildApp(deps, { logger, metrics, webDist: config.webDist ?? path.join(repoRoot, 'web/dist') });
  const management = await buildManagementApp(deps, { logger, metrics });
  const [publicPort, managementListener] = [
    listeners.find((l) => l.setting === 'PORT'),
    listeners.find((l) => l.setting === 'MANAGEMENT_PORT')!,
  ];
  if (app && publicPort) await listenAt(app, publicPort);
  // Listens last, so a management port that answers /readyz means the main port takes requests too.
  await listenAt(management, managementListener);
  const managementPort = (management.server.address() as AddressInfo).port;
  if (config.mode !== 'web') await jobs.work(deps, (app ?? management).log);
  notes.push(`Mode:       ${MODE_NOTES[config.mode]}`);
  notes.push(`Management: ${localUrl(config.management.host, managementPort)} (/healthz /readyz /metrics)`);

  process.stdout.write(
    formatBanner([
      `Industry Alignment Management Platform is running at ${config.publicUrl}`,
      ...notes,
      ...(config.mode === 'worker'
        ? []
        : [`API docs:   ${config.publicUrl}/api/docs`, `OpenID:     ${config.publicUrl}${DISCOVERY_PATH} (issuer ${config.publicUrl})`]),
    ]),
  );

  const shutdown = async (signal: string) => {
    log(`${signal}: shutting down`);
    // Both ports at once: each drains its requests under way for up to 10 s, within the orchestrator's grace period.
    await Promise.all([app?.close(), management.close()].map((closing) => closing?.catch(() => undefined)));
    for (const stop of stops.reverse()) await stop().catch(() => undefined);
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
}

main().catch(async (err: unknown) => {
  const reason = err instanceof StartError ? err.message : err instanceof Error ? (err.stack ?? err.message) : String(err);
  process.stderr.write(`Failed to start: ${reason}\n`);
  for (const stop of stops.reverse()) await stop().catch(() => undefined);
  process.exit(1);
});
