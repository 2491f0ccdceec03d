#!/usr/bin/env node
/**
 * Runs the simulator standalone.
 *   DISCORD_SIM_PORT           port (default 4100)
 *   DISCORD_SIM_HOST           interface (default localhost)
 *   DISCORD_SIM_PUBLIC_URL     base URL browsers see, if not http://HOST:PORT
 *   DISCORD_SIM_REDIRECT_URIS  comma-separated OAuth2 redirect URIs (default http://localhost:3000/auth/discord/callback)
 *   DISCORD_SIM_MEMBERS        generated members on top of the seed (default 0)
 *   DISCORD_SIM_LOG            1 turns on request logging
 */
import { startDiscordSimulator } from './start.ts';

function fail(message: string): never {
  process.stderr.write(`discord-simulator: ${message}\n`);
  process.exit(1);
}

function wholeEnv(name: string, fallback: number, min: number, max: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < min || n > max) fail(`${name} must be a whole number from ${min} to ${max}, not ${raw}`);
  return n;
}

const port = wholeEnv('DISCORD_SIM_PORT', 4100, 0, 65535);
const redirectUris = process.env.DISCORD_SIM_REDIRECT_URIS?.split(',')
  .map((u) => u.trim())
  .filter(Boolean);

try {
  const sim = await startDiscordSimulator({
    port,
    host: process.env.DISCORD_SIM_HOST || undefined,
    publicUrl: process.env.DISCORD_SIM_PUBLIC_URL || undefined,
    redirectUris: redirectUris?.length ? redirectUris : undefined,
    generatedMembers: wholeEnv('DISCORD_SIM_MEMBERS', 0, 0, 100_000),
    logger: process.env.DISCORD_SIM_LOG === '1',
  });
  const c = sim.connection;
  process.stdout.write(`Discord simulator listening at ${sim.url} (DISCORD_URL; the API at ${sim.url}/api/v10)\n`);
  process.stdout.write(`  client id ${c.clientId}, client secret ${c.clientSecret}\n  bot token ${c.botToken}\n  server id ${c.guildId}\n`);
  process.stdout.write(
    `  redirect URIs: ${sim.context.redirectUris.join(', ')}\n  control API: ${sim.url}/sim/connection, /sim/members/{user}, …\n`,
  );
  const stop = async () => {
    await sim.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void stop());
  process.once('SIGTERM', () => void stop());
} catch (err) {
  fail(`could not start: ${(err as Error).message}`);
}
