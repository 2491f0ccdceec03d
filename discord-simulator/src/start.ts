import type { AddressInfo } from 'node:net';
import { createDiscordSimulator, type DiscordSimulator } from './app.ts';
import type { DiscordSimulatorOptions } from './types.ts';

export interface RunningDiscordSimulator extends Omit<DiscordSimulator, 'app'> {
  /** Like http://localhost:PORT: use it as DISCORD_URL (the OAuth2 pages are under it, the API at `${url}/api/v10`). */
  url: string;
  close(): Promise<void>;
}

/** Starts the simulator on `port` (0 = any free port) and `host` (default localhost). */
export async function startDiscordSimulator(
  opts: DiscordSimulatorOptions & { port: number; host?: string },
): Promise<RunningDiscordSimulator> {
  const { port, host = 'localhost', ...rest } = opts;
  const sim = createDiscordSimulator(rest);
  await sim.app.listen({ port, host });
  const bound = (sim.app.server.address() as AddressInfo).port;
  const shown = host === '0.0.0.0' || host === '::' ? 'localhost' : host.includes(':') ? `[${host}]` : host;
  const { app: _app, ...handles } = sim;
  return {
    ...handles,
    get connection() {
      return sim.connection;
    },
    url: `http://${shown}:${bound}`,
    close: async () => {
      await sim.app.close();
    },
  };
}
