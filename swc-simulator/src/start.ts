import type { AddressInfo } from 'node:net';
import { buildSimulator } from './app.ts';
import type { SimulatorOptions } from './types.ts';

/** Starts the simulator on `port` (0 = any free port); `url` is like http://localhost:PORT. */
export async function startSimulator(
  opts: SimulatorOptions & { port: number; host?: string },
): Promise<{ url: string; close(): Promise<void> }> {
  const { port, host = 'localhost', ...rest } = opts;
  const app = buildSimulator(rest);
  await app.listen({ port, host });
  const bound = (app.server.address() as AddressInfo).port;
  const shown = host === '0.0.0.0' || host === '::' ? 'localhost' : host.includes(':') ? `[${host}]` : host;
  return {
    url: `http://${shown}:${bound}`,
    close: async () => {
      await app.close();
    },
  };
}
