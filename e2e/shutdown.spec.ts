import { readFileSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import path from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { isAlive } from '../server/src/db/postmaster-pid.ts';
import { signIn } from './helpers/http-session.ts';
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

/**
 * Stops a product `how` while a player's Sign out is under way (its form's body still on the way, and the session it
 * ends still to be deleted from PostgreSQL) and a browser holds a spare connection (opened ahead of need, not a byte
 * sent on it): the sign-out is answered, the spare connection holds nothing up, and the process exits 0 with its
 * PostgreSQL stopped and no database error said.
 */
async function stopsInOrder(how: 'SIGTERM' | 'Ctrl-C') {
  const product = await startProduct(PORT, {}, [], { ownProcessGroup: how === 'Ctrl-C' });
  try {
    const postgresPid = Number(readFileSync(path.join(product.dataDir, 'postgres', 'postmaster.pid'), 'utf8').split('\n')[0]);
    const cookie = await signIn(product.baseUrl, '1:100001');
    const inFlight = await opened(PORT);
    const answer = allReceived(inFlight);
    inFlight.write(
      `POST /auth/logout HTTP/1.1\r\nHost: localhost:${PORT}\r\nOrigin: ${product.baseUrl}\r\nCookie: ${cookie}\r\n` +
        'Content-Type: application/x-www-form-urlencoded\r\nContent-Length: 2\r\n\r\nx',
    );
    const spare = await opened(PORT);
    const spareClosed = allReceived(spare);
    await delay(1_000);

    const exited = product.terminate(how);
    // Closed before the sign-out can be answered: nothing but its own handling (no deadline, no exit) has ended it.
    expect(await spareClosed).toBe('');
    inFlight.write('=');

    expect(await answer).toMatch(/^HTTP\/1\.1 303 See Other\r\n[^]*\r\nlocation: http:\/\/localhost:\d+\/login\r\n/i);
    expect(await exited).toBe(0);
    expect(isAlive(postgresPid)).toBe(false);
    expect(product.output()).toContain(`${how === 'SIGTERM' ? 'SIGTERM' : 'SIGINT'}: shutting down`);
    expect(product.output()).not.toMatch(/database connection dropped|job system error|FATAL/);
  } finally {
    await product.stop(); // its DATA_DIR goes too; a process that has ended already is left as it is
  }
}

describe('stopping the product', () => {
  it('as Kubernetes and Compose do (SIGTERM): answers the request under way, then stops its PostgreSQL and exits 0', () =>
    stopsInOrder('SIGTERM'));

  it('with Ctrl-C in its terminal (SIGINT to the whole process group): PostgreSQL outlives the requests under way', () =>
    stopsInOrder('Ctrl-C'));
});
