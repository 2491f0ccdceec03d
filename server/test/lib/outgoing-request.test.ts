import type { LookupAddress } from 'node:dns';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { postToRegisteredUrl, type OutgoingOptions, type ResolveHost } from '../../src/lib/outgoing-request.ts';

interface Seen {
  host: string | undefined;
  body: string;
}

/** A local server that records what reaches it and answers as `answer` says. */
async function localServer(answer: (req: IncomingMessage, res: ServerResponse) => void) {
  const seen: Seen[] = [];
  const server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      seen.push({ host: req.headers.host, body });
      answer(req, res);
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const port = (server.address() as AddressInfo).port;
  return { seen, port, url: `http://127.0.0.1:${port}`, close: () => new Promise((r) => server.close(r)) };
}

type LocalServer = Awaited<ReturnType<typeof localServer>>;
let status = 200;
let target: LocalServer;
let redirecting: LocalServer;
let silent: LocalServer;

beforeAll(async () => {
  target = await localServer((_req, res) => res.writeHead(status).end());
  redirecting = await localServer((_req, res) => res.writeHead(307, { location: `${target.url}/logout` }).end());
  silent = await localServer(() => undefined); // never answers
});
afterAll(async () => {
  await Promise.all([target.close(), redirecting.close(), silent.close()]);
});
beforeEach(() => {
  status = 200;
  target.seen.length = 0;
});

const DEV: OutgoingOptions = { allowLoopback: true, timeoutMs: 5_000 };
const PRODUCTION: OutgoingOptions = { allowLoopback: false, timeoutMs: 5_000 };
const post = (url: string) => ({ url, headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'logout_token=t' });
const resolvesTo =
  (...addresses: string[]): ResolveHost =>
  async () =>
    addresses.map((address): LookupAddress => ({ address, family: address.includes(':') ? 6 : 4 }));

describe('postToRegisteredUrl', () => {
  it('posts the body and answers ok for a 2xx', async () => {
    expect(await postToRegisteredUrl(post(`${target.url}/logout`), DEV)).toEqual({ ok: true });
    expect(target.seen).toEqual([{ host: `127.0.0.1:${target.port}`, body: 'logout_token=t' }]);
  });

  it('never follows a 307: the server it points at is never reached', async () => {
    const result = await postToRegisteredUrl(post(`${redirecting.url}/logout`), DEV);
    expect(result).toEqual({ ok: false, reason: 'the app answered with a redirect, which is not followed', transient: false });
    expect(redirecting.seen).toHaveLength(1);
    expect(target.seen).toHaveLength(0);
  });

  it('answers failures in words, never with the status code', async () => {
    status = 500;
    expect(await postToRegisteredUrl(post(target.url), DEV)).toEqual({ ok: false, reason: 'the app failed to handle it', transient: true });
    status = 404;
    expect(await postToRegisteredUrl(post(target.url), DEV)).toEqual({ ok: false, reason: 'the app refused it', transient: false });
  });

  it('gives up when the app does not answer in time', async () => {
    const result = await postToRegisteredUrl(post(silent.url), { ...DEV, timeoutMs: 300 });
    expect(result).toEqual({ ok: false, reason: 'no answer within 0.3 s', transient: true });
  });

  it.each(['http://0xa9fea9fe/logout', 'http://[::ffff:a9fe:a9fe]/logout', 'http://metadata.google.internal./', 'http://[fe80::1]:8080/'])(
    'refuses the literal host of %s without resolving or connecting',
    async (url) => {
      let resolved = 0;
      const result = await postToRegisteredUrl(post(url), { ...DEV, resolve: async () => (resolved++, []) });
      expect(result).toEqual({
        ok: false,
        reason: 'the address is link-local or a cloud metadata service, which the portal never calls',
        transient: false,
      });
      expect(resolved).toBe(0);
    },
  );

  it('refuses a host name that resolves to a metadata address, or to one among others', async () => {
    const refused = {
      ok: false,
      reason: 'the address is link-local or a cloud metadata service, which the portal never calls',
      transient: false,
    };
    expect(await postToRegisteredUrl(post('http://evil.test/logout'), { ...DEV, resolve: resolvesTo('169.254.169.254') })).toEqual(refused);
    expect(
      await postToRegisteredUrl(post('http://evil.test/logout'), { ...DEV, resolve: resolvesTo('10.0.0.5', 'fd00:ec2::254') }),
    ).toEqual(refused);
  });

  it('refuses loopback, literal or resolved, unless the portal runs on loopback', async () => {
    const refused = {
      ok: false,
      reason: 'the address is this machine (loopback), which the portal calls only while it runs on loopback itself',
      transient: false,
    };
    expect(await postToRegisteredUrl(post(target.url), PRODUCTION)).toEqual(refused);
    const byName = `http://app.test:${target.port}/logout`;
    expect(await postToRegisteredUrl(post(byName), { ...PRODUCTION, resolve: resolvesTo('127.0.0.1') })).toEqual(refused);
    expect(target.seen).toHaveLength(0);
  });

  it('connects to the address it checked, not to a second DNS answer', async () => {
    let calls = 0;
    // A rebinding resolver: harmless on the first question, the metadata service after.
    const rebinding: ResolveHost = async () => [{ address: calls++ === 0 ? '127.0.0.1' : '169.254.169.254', family: 4 }];
    const result = await postToRegisteredUrl(post(`http://app.test:${target.port}/logout`), { ...DEV, resolve: rebinding });
    expect(result).toEqual({ ok: true });
    expect(calls).toBe(1);
    expect(target.seen).toEqual([{ host: `app.test:${target.port}`, body: 'logout_token=t' }]);
  });

  it('reaches localhost through the system resolver while the portal runs on loopback', async () => {
    expect(await postToRegisteredUrl(post(`http://localhost:${target.port}/logout`), DEV)).toEqual({ ok: true });
    expect(target.seen).toHaveLength(1);
  });
});
