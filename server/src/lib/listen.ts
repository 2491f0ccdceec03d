import { createServer } from 'node:net';

/** A port the product listens on, and the settings that choose it. */
export interface Listener {
  /** The setting of the port: PORT, MANAGEMENT_PORT or SWC_SIMULATOR_PORT. */
  setting: string;
  port: number;
  /** The setting of the interface (HOST, MANAGEMENT_HOST), when one chooses it. */
  hostSetting?: string;
  host: string;
}

/** A start that cannot go on for a reason the operator fixes in the configuration: the message is all they need. */
export class StartError extends Error {}

const where = (l: Listener) => `${l.host}:${l.port}`;

/** Node's listen error (EADDRINUSE and friends) in words, naming the setting to change. */
function listenFailure(err: unknown, l: Listener): Error {
  const code = (err as NodeJS.ErrnoException | undefined)?.code;
  if (code === 'EADDRINUSE') {
    return new StartError(
      `${l.setting} ${l.port} is already in use (${where(l)}): another process listens there. Stop it, or set ${l.setting} to a free port.`,
    );
  }
  if (code === 'EACCES') {
    return new StartError(
      `${l.setting} ${l.port} needs privileges this process does not have (${where(l)}): set ${l.setting} to a port above 1023.`,
    );
  }
  if (code === 'EADDRNOTAVAIL' && l.hostSetting) {
    return new StartError(
      `${l.hostSetting} ${l.host} is no address of this machine, so ${l.setting} ${l.port} cannot listen there: set ${l.hostSetting} to one of its addresses, or 0.0.0.0 for every interface.`,
    );
  }
  return err instanceof Error ? err : new Error(String(err));
}

/** Tries each port before anything else starts, so a taken one stops the start at once with its setting named. */
export async function checkPortsFree(listeners: Listener[]): Promise<void> {
  for (const l of listeners) {
    if (l.port === 0) continue; // any free port
    await new Promise<void>((resolve, reject) => {
      const probe = createServer();
      probe.once('error', (err) => reject(listenFailure(err, l)));
      probe.listen({ port: l.port, host: l.host, exclusive: true }, () => probe.close(() => resolve()));
    });
  }
}

/** Listens, and explains a failure as checkPortsFree does (another process may have taken the port since). */
export async function listenAt(server: { listen(options: { port: number; host: string }): Promise<unknown> }, l: Listener): Promise<void> {
  try {
    await server.listen({ port: l.port, host: l.host });
  } catch (err) {
    throw listenFailure(err, l);
  }
}
