import type { AsyncLocalStorage } from 'node:async_hooks';
import { IncomingMessage, ServerResponse } from 'node:http';
import { createRequire } from 'node:module';
import { Socket } from 'node:net';
import Fastify, { type InjectOptions } from 'fastify';
import { exportJWK, generateKeyPair } from 'jose';
import Provider, { type Configuration } from 'oidc-provider';
import { handOverWith, type OidcRequest } from '../../../../src/services/oidc/request-context.ts';
import type { AuthContext } from '../../../../src/services/sessions/session.ts';

// The protocol library on its own, as its authors ship it: each gap's test runs the same call on
// one without the gap and one with it, so the test says what the library does and what changes.

export const ISSUER = 'http://localhost:3000';
export const REDIRECT = 'https://app.example.com/cb';
export const SECRET = 'plain-secret-of-the-bare-client';

/** Storage in memory, as the library's own (which warns on every use). */
class MapAdapter {
  static readonly stored = new Map<string, Record<string, unknown>>();
  private readonly model: string;
  constructor(model: string) {
    this.model = model;
  }
  private key = (id: string) => `${this.model} ${id}`;
  async upsert(id: string, payload: Record<string, unknown>) {
    MapAdapter.stored.set(this.key(id), payload);
  }
  async find(id: string) {
    return MapAdapter.stored.get(this.key(id));
  }
  async findByUid(uid: string) {
    return [...MapAdapter.stored.entries()].find(([k, p]) => k.startsWith(`${this.model} `) && p.uid === uid)?.[1];
  }
  async findByUserCode(userCode: string) {
    return [...MapAdapter.stored.entries()].find(([k, p]) => k.startsWith(`${this.model} `) && p.userCode === userCode)?.[1];
  }
  async consume(id: string) {
    const payload = MapAdapter.stored.get(this.key(id));
    if (payload) payload.consumed = Math.floor(Date.now() / 1000);
  }
  async destroy(id: string) {
    MapAdapter.stored.delete(this.key(id));
  }
  async revokeByGrantId() {}
}

let key: Record<string, unknown> | null = null;
async function signingKey() {
  if (!key) {
    const { privateKey } = await generateKeyPair('RS256', { extractable: true });
    key = { ...(await exportJWK(privateKey)), kid: 'bare', alg: 'RS256', use: 'sig' };
  }
  return key;
}

/**
 * A provider with two confidential clients, `app` (sign-in with a code, client credentials) and
 * `web` (sign-in with a code only), no gap closed; `wrap` changes its configuration as a gap does.
 */
export async function bareProvider(wrap: (configuration: Configuration) => Configuration = (c) => c): Promise<Provider> {
  return new Provider(
    ISSUER,
    wrap({
      adapter: MapAdapter,
      ttl: {
        ClientCredentials: 600,
        AccessToken: 600,
        AuthorizationCode: 60,
        Interaction: 600,
        Session: 600,
        Grant: 600,
        RefreshToken: 600,
      },
      jwks: { keys: [await signingKey()] },
      clients: [
        {
          client_id: 'app',
          client_name: 'App',
          client_secret: SECRET,
          redirect_uris: [REDIRECT],
          grant_types: ['authorization_code', 'refresh_token', 'client_credentials'],
          token_endpoint_auth_method: 'client_secret_basic',
        },
        { client_id: 'web', client_secret: SECRET, redirect_uris: [REDIRECT], grant_types: ['authorization_code'] },
      ],
      cookies: { keys: ['bare-provider-cookie-key'], long: { signed: false }, short: { signed: false } },
      routes: { authorization: '/oidc/authorize', token: '/oidc/token' },
      scopes: ['openid', 'offline_access', 'bot:read'],
      features: {
        devInteractions: { enabled: false },
        clientCredentials: { enabled: true },
        resourceIndicators: {
          enabled: true,
          defaultResource: () => 'https://api.example.com',
          useGrantedResource: () => true,
          getResourceServerInfo: () => ({ scope: 'bot:read', audience: 'https://api.example.com', accessTokenFormat: 'jwt' }),
        },
      },
      interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    }),
  );
}

/** An HTTP client for the provider: what it answers to one request. */
export function callProvider(provider: Provider) {
  const app = Fastify();
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', (_request, _payload, done) => done(null, undefined));
  const callback = provider.callback();
  app.all('/*', async (request, reply) => {
    reply.hijack();
    await callback(request.raw, reply.raw);
  });
  return (options: InjectOptions) => app.inject(options);
}

export const basic = (id: string, secret: string) => `Basic ${Buffer.from(`${id}:${secret}`).toString('base64')}`;

/** A library context for a bare request (what Session.get reads its cookie from). */
export function bareContext(provider: Provider, cookie?: string) {
  const req = new IncomingMessage(new Socket());
  req.headers = { host: 'localhost:3000', ...(cookie ? { cookie } : {}) };
  const res = new ServerResponse(req);
  return provider.createContext(req, res);
}

/** The library's own store of the context in hand (Provider.ctx reads it): an internal, so only these tests use it. */
async function libraryContextStore(): Promise<AsyncLocalStorage<unknown>> {
  const path = createRequire(import.meta.url).resolve('oidc-provider/lib/helpers/als.js');
  return ((await import(path)) as { default: AsyncLocalStorage<unknown> }).default;
}

/**
 * Runs `fn` as the library runs a hook while it handles a request that the portal handed over with
 * `request` (services/oidc/provider.ts): with the library's context of that request in hand.
 */
export async function inLibraryRequest<T>(
  provider: Provider,
  request: OidcRequest,
  fn: (ctx: ReturnType<typeof bareContext>) => Promise<T>,
  cookie?: string,
): Promise<T> {
  const ctx = bareContext(provider, cookie);
  handOverWith(ctx.req, request);
  return (await libraryContextStore()).run(ctx, () => fn(ctx));
}

/** A portal session as the route resolves it: the player `uid`, signed in at `signedInAt`, with the portal sid `sid`. */
export function portalRequest(uid: string, sid = 'portal-sid', signedInAt = new Date('2030-01-01T10:00:00Z')): OidcRequest {
  const auth = { user: { uid, name: uid }, session: { sid, created_at: signedInAt } } as unknown as AuthContext;
  return { auth, meta: { ip: '127.0.0.1', userAgent: null } };
}

export const noPortalSession: OidcRequest = { auth: null, meta: { ip: '127.0.0.1', userAgent: null } };
