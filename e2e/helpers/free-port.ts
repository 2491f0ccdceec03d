import { readFileSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';

function listenOnce(port: number): Promise<number | null> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(null));
    server.listen(port, () => {
      const { port: taken } = server.address() as AddressInfo;
      server.close(() => resolve(taken));
    });
  });
}

/** The first port of the range the kernel hands out as outgoing connections' local ports (Linux), if it can be read. */
function outgoingRangeStart(): number | null {
  try {
    const start = Number(readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/)[0]);
    return start > 11_024 ? start : null;
  } catch {
    return null;
  }
}

/**
 * A port no server uses right now, for ports nobody types in (the management port, a test's app), so processes
 * started side by side never collide on them. It is taken at random below the kernel's range for outgoing
 * connections: a port from that range, free when probed, was taken as a connection's local port by another lane's
 * browser or database before the product that was to listen on it had started.
 */
export async function freePort(): Promise<number> {
  const start = outgoingRangeStart();
  if (start !== null) {
    for (let attempt = 0; attempt < 20; attempt++) {
      const port = await listenOnce(start - 1 - Math.floor(Math.random() * 10_000));
      if (port !== null) return port;
    }
  }
  const port = await listenOnce(0);
  if (port === null) throw new Error('no free port');
  return port;
}
