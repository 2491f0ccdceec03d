import Fastify from 'fastify';
import { connect, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { drainOnClose } from '../../src/lib/drain-on-close.ts';

const sockets: Socket[] = [];
afterEach(() => sockets.splice(0).forEach((s) => s.destroy()));

async function listening(deadlineMs?: number) {
  const app = Fastify();
  drainOnClose(app, deadlineMs);
  app.post('/echo', async (request) => request.body);
  app.post('/slow', async (request) => {
    await new Promise((r) => setTimeout(r, 300));
    return request.body;
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const port = (app.server.address() as AddressInfo).port;
  const open = () =>
    new Promise<{ socket: Socket; received: Promise<string> }>((resolve, reject) => {
      const socket = connect(port, '127.0.0.1', () => {
        let text = '';
        socket.on('data', (chunk: Buffer) => (text += chunk.toString()));
        resolve({ socket, received: new Promise((done) => socket.once('close', () => done(text))) });
      });
      socket.once('error', reject);
      sockets.push(socket);
    });
  return { app, open };
}

const post = (body: string, length = body.length, to = '/echo') =>
  `POST ${to} HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${length}\r\n\r\n${body}`;

/** Far beyond the test's timeout: only the connections' own handling can let the server close in time. */
const NO_DEADLINE_IN_TIME = 600_000;

describe('drainOnClose', () => {
  it('ends a spare connection at once, answers a request in flight, then ends its connection, and the server closes', async () => {
    const { app, open } = await listening(NO_DEADLINE_IN_TIME);
    const inFlight = await open();
    inFlight.socket.write(post('{"a"', 7));
    const spare = await open();
    await new Promise((r) => setTimeout(r, 100));
    const closed = app.close();
    expect(await spare.received).toBe('');
    inFlight.socket.write(':1}');
    await closed;
    expect(await inFlight.received).toMatch(/^HTTP\/1\.1 200 OK\r\n[^]*\r\n\r\n\{"a":1\}$/);
  });

  it('sends every answer a pipelining client queued before ending its connection', async () => {
    const { app, open } = await listening(NO_DEADLINE_IN_TIME);
    const client = await open();
    client.socket.write(post('{"n":1}', 7, '/slow') + post('{"n":2}', 7, '/slow'));
    await new Promise((r) => setTimeout(r, 100));
    await app.close();
    expect((await client.received).match(/HTTP\/1\.1 200 OK/g)).toHaveLength(2);
  });

  it('cuts a request that is still not whole at the deadline', async () => {
    const { app, open } = await listening(200);
    const stuck = await open();
    stuck.socket.write(post('{"a"', 7));
    await new Promise((r) => setTimeout(r, 100));
    await app.close();
    expect(await stuck.received).toBe('');
  });
});
