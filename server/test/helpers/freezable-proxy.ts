import { createServer, connect, type Server, type Socket } from 'node:net';

/**
 * A TCP proxy in front of PostgreSQL that a test can freeze: connections stay open and are
 * accepted, but no byte is forwarded until `thaw()` — what a stopped (SIGSTOP) or unreachable
 * server looks like to the app.
 */
export class FreezableProxy {
  private server: Server;
  private frozen = false;
  private held: (() => void)[] = [];
  private sockets = new Set<Socket>();
  port = 0;

  private targetHost: string;
  private targetPort: number;
  constructor(targetHost: string, targetPort: number) {
    this.targetHost = targetHost;
    this.targetPort = targetPort;
    this.server = createServer((client) => this.pipe(client));
  }

  /** Points `url` (a postgres:// URL) at the proxy instead of the database. */
  static forUrl(url: string): FreezableProxy {
    const target = new URL(url);
    return new FreezableProxy(target.hostname, Number(target.port || 5432));
  }

  urlFor(url: string): string {
    const u = new URL(url);
    u.hostname = '127.0.0.1';
    u.port = String(this.port);
    return u.toString();
  }

  async start(): Promise<this> {
    await new Promise<void>((resolve) => this.server.listen(this.port, '127.0.0.1', resolve));
    this.port = (this.server.address() as { port: number }).port;
    return this;
  }

  freeze(): void {
    this.frozen = true;
  }

  thaw(): void {
    this.frozen = false;
    for (const flush of this.held.splice(0)) flush();
  }

  /** Drops every connection and refuses new ones (a restarted or unreachable server) until `start()` again, on the same port. */
  async stop(): Promise<void> {
    for (const s of this.sockets) s.destroy();
    await new Promise((resolve) => this.server.close(resolve));
  }

  private pipe(client: Socket) {
    const upstream = connect(this.targetPort, this.targetHost);
    for (const [from, to] of [
      [client, upstream],
      [upstream, client],
    ] as const) {
      this.sockets.add(from);
      from.on('data', (chunk) => {
        if (this.frozen) this.held.push(() => to.write(chunk));
        else to.write(chunk);
      });
      from.on('error', () => undefined);
      from.on('close', () => {
        this.sockets.delete(from);
        to.destroy();
      });
    }
  }
}
