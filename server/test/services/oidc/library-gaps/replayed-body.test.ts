import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { LIBRARY_BODY_LIMIT, withBody } from '../../../../src/services/oidc/library-gaps/replayed-body.ts';
import { basic, bareProvider, callProvider, SECRET } from './bare-provider.ts';

const FORM = 'application/x-www-form-urlencoded';

/** A server that reads the token request's body first (as the portal's door does), then hands the request to the library. */
async function readFirst(handOn: 'the request' | 'a replay') {
  const callback = (await bareProvider()).callback();
  const app = Fastify();
  app.addContentTypeParser(FORM, { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
  app.post('/oidc/token', async (request, reply) => {
    const body = request.body as Buffer;
    expect(new URLSearchParams(body.toString()).get('grant_type')).toBe('client_credentials');
    reply.hijack();
    await callback(handOn === 'a replay' ? withBody(request.raw, body) : request.raw, reply.raw);
  });
  return app.inject({
    method: 'POST',
    url: '/oidc/token',
    headers: { authorization: basic('app', SECRET), 'content-type': FORM },
    payload: 'grant_type=client_credentials',
  });
}

describe('gap: the body the portal read is replayed to the library', () => {
  it('the library cannot read a body already read; the portal hands it a copy of the request that replays the same bytes', async () => {
    const drained = await readFirst('the request');
    expect(drained.statusCode).toBe(400);
    expect(drained.json()).toMatchObject({ error: 'invalid_request' });

    const replayed = await readFirst('a replay');
    expect(replayed.statusCode, replayed.body).toBe(200);
    expect(replayed.json()).toMatchObject({ token_type: 'Bearer' });
  });

  it('the library reads a body up to its limit and refuses a longer one: the portal reads no more than that at its door', async () => {
    const call = callProvider(await bareProvider());
    const tokenRequest = (length: number) => {
      const form = 'grant_type=client_credentials&pad=';
      return call({
        method: 'POST',
        url: '/oidc/token',
        headers: { authorization: basic('app', SECRET), 'content-type': FORM },
        payload: form + 'x'.repeat(length - form.length),
      });
    };
    expect((await tokenRequest(LIBRARY_BODY_LIMIT)).statusCode).toBe(200);
    const over = await tokenRequest(LIBRARY_BODY_LIMIT + 1);
    expect(over.statusCode).toBe(400);
    expect(over.json()).toMatchObject({ error: 'invalid_request', error_description: 'failed to parse the request body' });
  });
});
