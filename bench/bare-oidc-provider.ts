// The library's own ceilings for bench/oidc.ts: oidc-provider (the portal's pinned version) with
// its in-memory storage, or with DATABASE_URL a minimal PostgreSQL adapter (lib/minimal-pg-adapter.ts:
// one table, one statement per adapter call), a trivial findAccount and no portal, configured for
// the same flows (PKCE code flow for public clients, RS256 id_token, ES256 JWT access tokens for the
// client's audience, rotating refresh tokens). Every sign-in is accepted at once. Prints its URL
// when listening; GET /bench/statements answers the statements its adapter sent so far.
// Usage: PORT=… CLIENTS=bench-1,bench-2 [DATABASE_URL=…] npx node bench/bare-oidc-provider.ts
import { exportJWK, generateKeyPair } from 'jose';
import { createServer } from 'node:http';
import { bareLibraryProvider, type KoaContextWithOIDC } from '../server/src/services/oidc/library-gaps/index.ts';
import { minimalPostgresAdapter } from './lib/minimal-pg-adapter.ts';

const port = Number(process.env.PORT ?? 0);
const clients = (process.env.CLIENTS ?? 'bench-1').split(',');
const keys = await Promise.all(
  (['RS256', 'ES256'] as const).map(async (alg) => {
    const { privateKey } = await generateKeyPair(alg, { extractable: true });
    return { ...(await exportJWK(privateKey)), alg, use: 'sig', kid: alg };
  }),
);
const SCOPES = ['openid', 'offline_access', 'profile', 'roles'];
const resourceOf = (clientId: string) => `urn:bench:${clientId}`;
const postgres = process.env.DATABASE_URL ? await minimalPostgresAdapter(process.env.DATABASE_URL) : null;

async function grantFor(ctx: KoaContextWithOIDC) {
  const { client, session } = ctx.oidc;
  if (!client || !session?.accountId) return undefined;
  const grantId = ctx.oidc.result?.consent?.grantId ?? session.grantIdFor(client.clientId);
  const found = grantId ? await ctx.oidc.provider.Grant.find(grantId) : undefined;
  const grant = found ?? new ctx.oidc.provider.Grant({ accountId: session.accountId, clientId: client.clientId });
  const wanted = [...ctx.oidc.requestParamScopes].join(' ');
  const before = JSON.stringify([grant.openid, grant.resources]);
  grant.addOIDCScope(wanted);
  grant.addResourceScope(resourceOf(client.clientId), wanted);
  if (!found || JSON.stringify([grant.openid, grant.resources]) !== before) await grant.save();
  return grant;
}

const provider = bareLibraryProvider(`http://localhost:${port}`, {
  ...(postgres ? { adapter: postgres.Adapter } : {}),
  clients: clients.map((id) => ({
    client_id: id,
    redirect_uris: [`http://${id}.localhost/`],
    token_endpoint_auth_method: 'none',
    grant_types: ['authorization_code', 'refresh_token'],
    response_types: ['code'],
  })),
  jwks: { keys },
  scopes: SCOPES,
  claims: { openid: ['sub'], profile: ['name', 'preferred_username'], roles: ['roles', 'groups'] },
  conformIdTokenClaims: false,
  cookies: { keys: ['bench-cookie-key'] },
  routes: { authorization: '/oidc/authorize', token: '/oidc/token', userinfo: '/oidc/userinfo', jwks: '/.well-known/jwks.json' },
  ttl: {
    AuthorizationCode: 60,
    AccessToken: 600,
    IdToken: 3600,
    RefreshToken: 30 * 24 * 3600,
    Grant: 30 * 24 * 3600,
    Interaction: 3600,
    Session: 14 * 24 * 3600,
  },
  pkce: { required: () => true },
  rotateRefreshToken: true,
  findAccount: (_ctx, sub) => ({
    accountId: sub,
    claims: () => ({ sub, name: 'Bench Pilot', preferred_username: 'Bench Pilot', roles: ['member'], groups: [] }),
  }),
  loadExistingGrant: grantFor,
  interactions: { url: (_ctx, interaction) => `/oidc/interaction/${interaction.uid}` },
  features: {
    devInteractions: { enabled: false },
    resourceIndicators: {
      enabled: true,
      defaultResource: (ctx) => (ctx.oidc.client ? resourceOf(ctx.oidc.client.clientId) : ''),
      useGrantedResource: () => true,
      getResourceServerInfo: (ctx) => ({
        scope: SCOPES.join(' '),
        audience: ctx.oidc.client!.clientId,
        accessTokenTTL: 600,
        accessTokenFormat: 'jwt',
        jwt: { sign: { alg: 'ES256' } },
      }),
    },
  },
});
// As the portal does (it has no consent screen): offline_access is kept without prompt=consent being sent.
provider.use(async (ctx, next) => {
  if (ctx.path === '/oidc/authorize' && typeof ctx.query.scope === 'string' && ctx.query.scope.split(' ').includes('offline_access')) {
    ctx.query = { ...ctx.query, prompt: 'consent' };
  }
  await next();
});

const callback = provider.callback();
const server = createServer((req, res) => {
  if (req.url === '/bench/statements') return void res.end(JSON.stringify({ statements: postgres?.statements() ?? 0 }));
  if (!req.url?.startsWith('/oidc/interaction/')) return void callback(req, res);
  void (async () => {
    const details = await provider.interactionDetails(req, res);
    const accountId = details.session?.accountId ?? `player-${details.uid}`;
    const result: Record<string, unknown> = { login: { accountId } };
    if (details.prompt.name === 'consent') {
      const grant = new provider.Grant({ accountId, clientId: String(details.params.client_id) });
      grant.addOIDCScope(String(details.params.scope));
      grant.addResourceScope(resourceOf(String(details.params.client_id)), String(details.params.scope));
      result.consent = { grantId: await grant.save() };
    }
    await provider.interactionFinished(req, res, result, { mergeWithLastSubmission: false });
  })().catch((err: unknown) => {
    res.statusCode = 500;
    res.end(String(err));
  });
});
server.listen(port, () => process.stdout.write(`http://localhost:${port}\n`));
// Stopped by the bench: exit as a process does, so a --cpu-prof profile is written.
process.on('SIGTERM', () => process.exit(0));
