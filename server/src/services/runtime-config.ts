import type { RuntimeConfig } from '@portal/contract';
import type { Config } from '../config.ts';

/** What the web app reads at start (GET /config.json, or embedded in a page the server renders). */
export function runtimeConfigOf(config: Config): RuntimeConfig {
  return {
    authBaseUrl: config.authBaseUrl,
    integrationBaseUrl: config.integrationBaseUrl,
    simulator: config.swc.simulator,
    version: '0.0.1',
  };
}
