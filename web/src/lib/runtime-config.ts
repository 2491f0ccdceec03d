import { RuntimeConfig } from '@portal/contract';

let current: RuntimeConfig | null = null;

/** Reads GET /config.json from the host that served the SPA, so one build runs on any host. */
export async function loadRuntimeConfig(): Promise<RuntimeConfig> {
  const response = await fetch('/config.json', { headers: { accept: 'application/json' } });
  if (!response.ok) throw new Error(`GET /config.json answered ${response.status}`);
  return RuntimeConfig.parse(await response.json());
}

/** Set once at start, before the router renders (and by tests). */
export function setRuntimeConfig(config: RuntimeConfig): void {
  current = config;
}

export function getRuntimeConfig(): RuntimeConfig {
  if (!current) throw new Error('The runtime config is read before loadRuntimeConfig() finished.');
  return current;
}
