import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { contextInHand } from '../../../../src/services/oidc/library-gaps/context-in-hand.ts';
import { basic, bareProvider, callProvider, SECRET } from './bare-provider.ts';

// The gaps override internals of oidc-provider that are not its public API. Its version is pinned
// exactly (server/package.json); these tests fail when an upgrade changes what the gaps rely on, so
// an upgrade is a deliberate change that looks at each gap again.

const require = createRequire(import.meta.url);

/** A token request to a provider without any gap closed. */
const tokenRequest = async (form: Record<string, string>, headers: Record<string, string> = {}) =>
  callProvider(await bareProvider())({
    method: 'POST',
    url: '/oidc/token',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    payload: new URLSearchParams(form).toString(),
  });
const serverPackage = JSON.parse(readFileSync(new URL('../../../../package.json', import.meta.url), 'utf8')) as {
  dependencies: Record<string, string>;
};

describe('the protocol library the gaps are written against', () => {
  it('is the version server/package.json pins, exactly', () => {
    const pinned = serverPackage.dependencies['oidc-provider'];
    expect(pinned).toMatch(/^\d+\.\d+\.\d+$/);
    const installed = (JSON.parse(readFileSync(require.resolve('oidc-provider/package.json'), 'utf8')) as { version: string }).version;
    expect(installed).toBe(pinned);
  });

  it('has the internals the gaps replace, with the arguments they take', async () => {
    const provider = await bareProvider();
    const client = provider.Client.prototype as unknown as Record<string, (...args: unknown[]) => unknown>;
    const session = provider.Session.prototype as unknown as Record<string, (...args: unknown[]) => unknown>;
    const shapes = {
      'Client#includeSid': client.includeSid,
      'Client#compareClientSecret': client.compareClientSecret,
      'Session.get': provider.Session.get,
      'Session#ensureClientContainer': session.ensureClientContainer,
      'Session#sidFor': session.sidFor,
      'Session#persist': session.persist,
      'Session#loginAccount': session.loginAccount,
      'Provider#use': provider.use,
      'Provider#createContext': (provider as unknown as Record<string, unknown>).createContext,
    };
    expect(
      Object.fromEntries(Object.entries(shapes).map(([name, fn]) => [name, typeof fn === 'function' ? fn.length : typeof fn])),
    ).toEqual({
      'Client#includeSid': 0,
      'Client#compareClientSecret': 1,
      'Session.get': 1,
      'Session#ensureClientContainer': 1,
      'Session#sidFor': 2,
      'Session#persist': 0,
      'Session#loginAccount': 1,
      'Provider#use': 1,
      'Provider#createContext': 2,
    });
  });

  it('keeps the context of the request it handles in hand (Provider.ctx) while it runs a hook for it, and none outside', async () => {
    const inHook: boolean[] = [];
    const provider = await bareProvider((c) => ({
      ...c,
      renderError: async (ctx) => {
        inHook.push(contextInHand() === ctx);
        ctx.body = 'refused';
      },
    }));
    const res = await callProvider(provider)({ method: 'GET', url: '/oidc/authorize?client_id=nobody' });
    expect(res.body).toBe('refused');
    expect(inHook).toEqual([true]);
    expect(contextInHand()).toBeUndefined();
  });

  it('names the device page’s errors as device-flow.ts words them', async () => {
    const path = require.resolve('oidc-provider/lib/helpers/re_render_errors.js');
    const errors = (await import(path)) as Record<string, new () => Error>;
    expect(Object.keys(errors).sort()).toEqual([
      'AbortedError',
      'AlreadyUsedError',
      'ExpiredError',
      'NoCodeError',
      'NotFoundError',
      'ReRenderError',
    ]);
    for (const [name, ErrorClass] of Object.entries(errors)) if (name !== 'ReRenderError') expect(new ErrorClass().name).toBe(name);
  });

  it('takes a registered client_secret_basic client’s secret in the body too (so no gap is needed for it)', async () => {
    const inBody = await tokenRequest({ grant_type: 'client_credentials', client_id: 'app', client_secret: SECRET });
    expect(inBody.statusCode, inBody.body).toBe(200);
    expect((await tokenRequest({ grant_type: 'client_credentials' }, { authorization: basic('app', SECRET) })).statusCode).toBe(200);
  });

  it('answers invalid_request for a grant the client may not use (so the portal’s door answers unauthorized_client first)', async () => {
    const res = await tokenRequest({ grant_type: 'client_credentials' }, { authorization: basic('web', SECRET) });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      error: 'invalid_request',
      error_description: 'requested grant type is not allowed for this client',
    });
  });
});
