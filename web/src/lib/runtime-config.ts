import type { RuntimeConfig } from '@portal/contract';

let current: RuntimeConfig | null = null;

const FIELD_TYPES = { authBaseUrl: 'string', integrationBaseUrl: 'string', simulator: 'boolean', version: 'string' } as const;

/**
 * The contract's `RuntimeConfig` checked by hand: this runs before the first paint of every screen,
 * and the schema library would add its whole weight to that path for four fields.
 */
export function parseRuntimeConfig(input: unknown): RuntimeConfig {
  if (typeof input !== 'object' || input === null) throw new Error('/config.json is not a JSON object');
  const fields = input as Record<string, unknown>;
  for (const [name, type] of Object.entries(FIELD_TYPES)) {
    if (typeof fields[name] !== type) throw new Error(`/config.json: ${name} must be a ${type}`);
  }
  const { authBaseUrl, integrationBaseUrl, simulator, version } = fields as unknown as RuntimeConfig;
  return { authBaseUrl, integrationBaseUrl, simulator, version };
}

/** Reads GET /config.json from the host that served the SPA, so one build runs on any host. */
export async function loadRuntimeConfig(): Promise<RuntimeConfig> {
  const response = await fetch('/config.json', { headers: { accept: 'application/json' } });
  if (!response.ok) throw new Error(`GET /config.json answered ${response.status}`);
  return parseRuntimeConfig(await response.json());
}

/** Set once at start, before the router renders (and by tests). */
export function setRuntimeConfig(config: RuntimeConfig): void {
  current = config;
}

export function getRuntimeConfig(): RuntimeConfig {
  if (!current) throw new Error('The runtime config is read before loadRuntimeConfig() finished.');
  return current;
}
