import { expect } from 'vitest';
import { SoftAuthenticator } from './soft-authenticator.ts';
import { PUBLIC_URL, type TestContext } from './test-app.ts';

/** The portal under test as a passkey sees it: PUBLIC_URL's origin, its host as RP ID. */
export const SITE = { origin: PUBLIC_URL, rpId: new URL(PUBLIC_URL).hostname };

const post = (ctx: TestContext, cookie: string, url: string, payload?: object) =>
  ctx.app.inject({ method: 'POST', url, payload, cookies: { portal_session: cookie } });

/** Confirms it's the player with one of their passkeys, in this session (Confirm it's you). */
export async function confirmWithPasskey(ctx: TestContext, cookie: string, authenticator: SoftAuthenticator) {
  const options = (await post(ctx, cookie, '/api/me/passkeys/confirm/options')).json();
  const res = await post(ctx, cookie, '/api/me/passkeys/confirm', { answer: authenticator.assert(options) });
  expect(res.statusCode, res.body).toBe(204);
}

/** Adds a passkey on the player's account, as the Add a passkey button does (confirming with `existing` first, when they have one). */
export async function addPasskey(ctx: TestContext, cookie: string, name: string, existing?: SoftAuthenticator) {
  if (existing) await confirmWithPasskey(ctx, cookie, existing);
  const authenticator = new SoftAuthenticator(SITE);
  const options = await post(ctx, cookie, '/api/me/passkeys/options');
  expect(options.statusCode, options.body).toBe(200);
  const res = await post(ctx, cookie, '/api/me/passkeys', { name, answer: authenticator.register(options.json()) });
  expect(res.statusCode, res.body).toBe(201);
  return { authenticator, passkey: res.json<{ id: string; name: string }>() };
}
