import { readFileSync, rmSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import path from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { isAlive } from '../server/src/db/postmaster-pid.ts';
import { startProduct } from './helpers/start-product.ts';

const PORT = Number(process.env.E2E_PORT ?? 3900) + 40;

const opened = (port: number) =>
  new Promise<Socket>((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => resolve(socket));
    socket.once('error', reject);
  });

/** Everything the server sends on `socket` until it closes the connection. */
const allReceived = (socket: Socket) =>
  new Promise<string>((resolve) => {
    let text = '';
    socket.on('data', (chunk: Buffer) => (text += chunk.toString()));
    socket.once('close', () => resolve(text));
  });

describe('stopped as Kubernetes and Compose stop it (SIGTERM)', () => {
  it('answers the request in flight, lets no idle browser connection hold it, stops its PostgreSQL and exits 0', async () => {
    const product = await startProduct(PORT);
    const postgresPid = Number(readFileSync(path.join(product.dataDir, 'postgres', 'postmaster.pid'), 'utf8').split('\n')[0]);
    // A player's Sign out, its form's body still on the way when the signal comes.
    const inFlight = await opened(PORT);
    const answer = allReceived(inFlight);
    inFlight.write(
      `POST /auth/logout HTTP/1.1\r\nHost: localhost:${PORT}\r\nOrigin: ${product.baseUrl}\r\n` +
        'Content-Type: application/x-www-form-urlencoded\r\nContent-Length: 2\r\n\r\nx',
    );
    // A browser's spare connection: opened ahead of need, not a byte sent on it.
    const spare = await opened(PORT);
    const spareClosed = allReceived(spare);
    await delay(1_000);

    const exited = product.terminate();
    await delay(500);
    inFlight.write('=');

    expect(await answer).toMatch(/^HTTP\/1\.1 303 See Other\r\n[^]*\r\nlocation: http:\/\/localhost:\d+\/login\r\n/i);
    expect(await spareClosed).toBe('');
    expect(await exited).toBe(0);
    expect(isAlive(postgresPid)).toBe(false);
    expect(product.output()).toContain('SIGTERM: shutting down');
    rmSync(product.dataDir, { recursive: true, force: true });
  });
});
