#!/usr/bin/env node
/**
 * Runs the simulator standalone.
 *   SWC_SIM_PORT        port (default 4000)
 *   SWC_SIM_HOST        interface (default localhost)
 *   SWC_SIM_PUBLIC_URL  base URL browsers see, if not http://HOST:PORT
 *   SWC_SIM_CLIENTS     JSON: one client or an array of { clientId, clientSecret, redirectUris, name? };
 *                       default: portal-dev / portal-dev-secret → http://localhost:3000/auth/callback
 *   SWC_SIMULATOR_RATE_LIMIT     web-service calls per client IP per window (default 600)
 *   SWC_SIMULATOR_RATE_WINDOW_S  rate-limit window in seconds (default 3600)
 *   SWC_SIMULATOR_TOKEN_TTL_S    access-token lifetime in seconds (default 3600)
 */
import { startSimulator } from './start.ts';
import type { SimulatorClient } from './types.ts';

const DEFAULT_CLIENT: SimulatorClient = {
  clientId: 'portal-dev',
  clientSecret: 'portal-dev-secret',
  redirectUris: ['http://localhost:3000/auth/callback'],
  name: 'Portal (dev)',
};

function fail(message: string): never {
  process.stderr.write(`swc-simulator: ${message}\n`);
  process.exit(1);
}

function parseClients(raw: string | undefined): SimulatorClient[] {
  if (!raw) return [DEFAULT_CLIENT];
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch (err) {
    fail(`SWC_SIM_CLIENTS is not valid JSON: ${(err as Error).message}`);
  }
  const list = Array.isArray(parsed) ? parsed : [parsed];
  return list.map((c: unknown, i) => {
    const o = (c ?? {}) as Record<string, unknown>;
    const uris = o.redirectUris;
    if (
      typeof o.clientId !== 'string' ||
      typeof o.clientSecret !== 'string' ||
      !Array.isArray(uris) ||
      !uris.every((u) => typeof u === 'string')
    ) {
      fail(`SWC_SIM_CLIENTS[${i}] needs clientId, clientSecret and redirectUris (strings)`);
    }
    return {
      clientId: o.clientId,
      clientSecret: o.clientSecret,
      redirectUris: uris,
      name: typeof o.name === 'string' ? o.name : undefined,
    };
  });
}

/** A positive whole number from the environment, or undefined when unset. */
function positiveEnv(name: string): number | undefined {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return undefined;
  const n = Number(raw);
  if (!Number.isInteger(n) || n <= 0) fail(`${name} must be a whole number above 0, not ${raw}`);
  return n;
}

const port = Number(process.env.SWC_SIM_PORT ?? 4000);
if (!Number.isInteger(port) || port < 0 || port > 65535) fail(`SWC_SIM_PORT must be a port number, not ${process.env.SWC_SIM_PORT}`);
const clients = parseClients(process.env.SWC_SIM_CLIENTS);
const limits = {
  rateLimit: positiveEnv('SWC_SIMULATOR_RATE_LIMIT') ?? 600,
  rateWindowSeconds: positiveEnv('SWC_SIMULATOR_RATE_WINDOW_S') ?? 3600,
  tokenTtlSeconds: positiveEnv('SWC_SIMULATOR_TOKEN_TTL_S') ?? 3600,
};

try {
  const sim = await startSimulator({
    port,
    host: process.env.SWC_SIM_HOST || undefined,
    publicUrl: process.env.SWC_SIM_PUBLIC_URL || undefined,
    clients,
    ...limits,
    logger: process.env.SWC_SIM_LOG === '1',
  });
  process.stdout.write(`SWCombine simulator listening at ${sim.url}\n`);
  process.stdout.write(
    `  limits: ${limits.rateLimit} calls per ${limits.rateWindowSeconds} s per client IP; access tokens live ${limits.tokenTtlSeconds} s\n`,
  );
  for (const c of clients) process.stdout.write(`  client ${c.clientId} → ${c.redirectUris.join(', ')}\n`);
  const stop = async () => {
    await sim.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void stop());
  process.once('SIGTERM', () => void stop());
} catch (err) {
  fail(`could not start: ${(err as Error).message}`);
}
