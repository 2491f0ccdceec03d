import type { AddressInfo } from 'node:net';
import { createSimulator, type Simulator } from './app.ts';
import type { SimulatorOptions } from './types.ts';

export interface RunningSimulator extends Omit<Simulator, 'app'> {
  /** Like http://localhost:PORT; use it as SWC_BASE_URL. */
  url: string;
  close(): Promise<void>;
}

/** Starts the simulator on `port` (0 = any free port). */
export async function startSimulator(opts: SimulatorOptions & { port: number; host?: string }): Promise<RunningSimulator> {
  const { port, host = 'localhost', ...rest } = opts;
  const { app, ...handles } = createSimulator(rest);
  await app.listen({ port, host });
  const bound = (app.server.address() as AddressInfo).port;
  const shown = host === '0.0.0.0' || host === '::' ? 'localhost' : host.includes(':') ? `[${host}]` : host;
  return {
    ...handles,
    url: `http://${shown}:${bound}`,
    close: async () => {
      await app.close();
    },
  };
}
