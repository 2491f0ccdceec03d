import { createServer, type AddressInfo } from 'node:net';

/**
 * A port no server uses right now, from the system's ephemeral range: for ports nobody types in
 * (the management port), so processes started side by side never collide on them.
 */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolve(port));
    });
  });
}
