import { createRequire } from 'node:module';
import type { AsyncLocalStorage } from 'node:async_hooks';
import type { IncomingMessage } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findOidcClientApp, findOidcPlayer } from '../../../../src/services/oidc/queries/clients.ts';
import { createOidcAdapter } from '../../../../src/services/oidc/adapter.ts';
import type { KoaContextWithOIDC } from '../../../../src/services/oidc/library-gaps/index.ts';
import { clientApp, playerOf } from '../../../../src/services/oidc/lookups.ts';
import { handOverWith, type OidcRequest } from '../../../../src/services/oidc/request-context.ts';
import { resolveSession } from '../../../../src/services/sessions/session.ts';
import { createAppFixture } from '../../../helpers/fixtures.ts';
import { authorize, CookieJar, exchange, postForm, WIKI_REDIRECT } from '../../../helpers/oidc.ts';
import { signIn, signOut } from '../../../helpers/sign-in.ts';
import { statementsOf } from '../../../helpers/statements.ts';
import { createTestApp, type TestContext } from '../../../helpers/test-app.ts';

const meta = { ip: '203.0.113.9', userAgent: 'test' };

// The library's own store of the context it is handling (what Provider.ctx reads).
const alsPath = createRequire(import.meta.url).resolve('oidc-provider/lib/helpers/als.js');
const libraryContext = ((await import(alsPath)) as { default: AsyncLocalStorage<{ req: IncomingMessage }> }).default;

/** Runs `fn` as the library runs a hook: with a request's context in hand, and `request` handed over with it. */
function runInOidcRequest<T>(request: OidcRequest, fn: () => Promise<T>): Promise<T> {
  handOverWith(libraryRequest, request);
  return libraryContext.run({ req: libraryRequest }, fn);
}
/** The library's context as the portal's lookups read it: the client in hand. */
const libraryRequest = {} as IncomingMessage;
const clientContext = { req: libraryRequest, oidc: { client: { clientId: 'wiki' } } } as unknown as KoaContextWithOIDC;

describe('gap: the adapter reads ahead of the library', () => {
  let ctx: TestContext;
  let cookie: string;
  let jar: CookieJar;
  let Adapter: ReturnType<typeof createOidcAdapter>;

  beforeAll(async () => {
    ctx = await createTestApp();
    await createAppFixture(ctx, {
      key: 'wiki',
      audience: 'https://wiki.example.com',
      redirect_urls: [WIKI_REDIRECT],
      skip_uid_whitelist: true,
    });
    cookie = (await signIn(ctx, '1:100002')).cookie;
    jar = new CookieJar({ portal_session: cookie });
    // A returning player: the library's session and its grant for the app exist.
    const first = await authorize(ctx, jar, { scope: 'openid profile offline_access' });
    expect((await exchange(ctx, first.code!, first.verifier)).statusCode).toBe(200);
    Adapter = createOidcAdapter(ctx.deps);
  });
  afterAll(() => ctx.close());

  const storedSession = async () =>
    (
      await ctx.deps.db.query<{ id: string; grant_id: string }>(
        "SELECT id, payload -> 'authorizations' -> 'wiki' ->> 'grantId' AS grant_id FROM oidc_payloads WHERE model = 'Session'",
      )
    ).rows[0]!;
  const request = async (extra: Partial<OidcRequest>): Promise<OidcRequest> => ({
    auth: await resolveSession(ctx.deps, cookie),
    meta,
    ...extra,
  });

  it('opening the session at the authorization endpoint reads the client’s app, grant and player with it: 1 statement where the library’s order costs 4', async () => {
    const { id, grant_id } = await storedSession();
    const alone = await statementsOf(async () => ({
      session: await new Adapter('Session').find(id),
      grant: await new Adapter('Grant').find(grant_id),
      app: await findOidcClientApp(ctx.deps.db, 'wiki'),
    }));
    const player = await findOidcPlayer(ctx.deps.db, '1:100002', alone.result.app!.id);
    expect(alone.statements).toHaveLength(3); // and the player's read: 4

    const inHand = await request({ namedClient: 'wiki' });
    const ahead = await statementsOf(() =>
      runInOidcRequest(inHand, async () => ({
        session: await new Adapter('Session').find(id),
        grant: await new Adapter('Grant').find(grant_id),
        app: await clientApp(ctx.deps, 'wiki'),
        player: await playerOf(ctx.deps, clientContext, '1:100002'),
      })),
    );
    expect(ahead.statements).toHaveLength(1);
    expect(ahead.result.session).toEqual(alone.result.session);
    expect(ahead.result.grant).toEqual(alone.result.grant);
    expect(ahead.result.app).toEqual(alone.result.app);
    expect(ahead.result.player?.row).toEqual(player);
  });

  it('redeeming a code reads its grant, its session and the player with it: 1 statement where the library’s order costs 4', async () => {
    const { code } = await authorize(ctx, jar, { scope: 'openid profile' });
    const app = (await findOidcClientApp(ctx.deps.db, 'wiki'))!;
    const alone = await statementsOf(async () => {
      const found = await new Adapter('AuthorizationCode').find(code!);
      return {
        found,
        grant: await new Adapter('Grant').find(String(found!.grantId)),
        session: await new Adapter('Session').findByUid(String(found!.sessionUid)),
        player: await findOidcPlayer(ctx.deps.db, String(found!.accountId), app.id),
      };
    });
    expect(alone.statements).toHaveLength(4);

    const ahead = await statementsOf(() =>
      runInOidcRequest({ auth: null, meta, authenticatedClient: 'wiki', memo: new Map([['app wiki', Promise.resolve(app)]]) }, async () => {
        const found = await new Adapter('AuthorizationCode').find(code!);
        return {
          found,
          grant: await new Adapter('Grant').find(String(found!.grantId)),
          session: await new Adapter('Session').findByUid(String(found!.sessionUid)),
          player: await playerOf(ctx.deps, clientContext, String(found!.accountId)),
        };
      }),
    );
    expect(ahead.statements).toHaveLength(1);
    expect(ahead.result.found).toEqual(alone.result.found);
    expect(ahead.result.grant).toEqual(alone.result.grant);
    expect(ahead.result.session).toEqual(alone.result.session);
    expect(ahead.result.player?.row).toEqual(alone.result.player);
  });

  it('reads the library’s session by the id its cookie names before the library checks the cookie, and answers it only to that id', async () => {
    const mine = await storedSession();
    const before = (await ctx.deps.db.query("SELECT payload FROM oidc_payloads WHERE model = 'Session' AND id = $1", [mine.id])).rows[0];
    // Another player's browser, sending this player's session id with a signature that is not its own.
    const other = new CookieJar({ portal_session: (await signIn(ctx, '1:100003')).cookie });
    await authorize(ctx, other, { scope: 'openid' });
    const signature = other.cookies.get('_session.sig')!;
    expect(signature).toBeTruthy();
    const forged = new CookieJar({ portal_session: other.cookies.get('portal_session')!, _session: mine.id, '_session.sig': signature });
    const { code, verifier } = await authorize(ctx, forged, { scope: 'openid' });
    const tokens = (await exchange(ctx, code!, verifier)).json();
    const claims = JSON.parse(Buffer.from(String(tokens.id_token).split('.')[1]!, 'base64url').toString('utf8'));
    expect(claims.sub).toBe('1:100003');
    expect(forged.cookies.get('_session')).not.toBe(mine.id);
    // This player's session is as it was: not signed in to by the other, nor its grants handed over.
    const after = (await ctx.deps.db.query("SELECT payload FROM oidc_payloads WHERE model = 'Session' AND id = $1", [mine.id])).rows[0];
    expect(after).toEqual(before);
  });

  it.each([
    ['names no record', 'no-such-session'],
    ['is longer than any id', 'z'.repeat(9000)],
    ['carries percent signs and quotes', `%00'"%27`],
  ])('a library session cookie that %s is a new session, not an error: the player still gets a code', async (_, value) => {
    const browser = new CookieJar({ portal_session: cookie, _session: value });
    const { res, code } = await authorize(ctx, browser, { scope: 'openid' });
    expect(code, res.body).toBeTruthy();
    expect(browser.cookies.get('_session')).not.toBe(value);
  });

  it('answers a portal session that has ended as no session, though the browser still sends the library’s session cookie', async () => {
    const session = (await signIn(ctx, '1:100004')).cookie;
    const browser = new CookieJar({ portal_session: session });
    expect((await authorize(ctx, browser, { scope: 'openid' })).code).toBeTruthy();
    expect(browser.cookies.get('_session')).toBeTruthy();
    const signedOut = await signOut(ctx, session);
    expect(signedOut.statusCode).toBe(303);
    // Both cookies sent again as they were (the ended session's token replayed beside the library's cookie).
    const silent = await authorize(ctx, browser, { scope: 'openid', prompt: 'none' });
    expect(silent.location!.searchParams.get('error')).toBe('login_required');
    expect(silent.code).toBeNull();
  });

  it('holds the library to that order: an authorization, a code’s exchange and a refresh cost 2 statements each', async () => {
    // The client door keeps the app it checked (client-apps-kept.ts): once one exchange has read it, the next ones do not.
    const first = await authorize(ctx, jar, { scope: 'openid profile' });
    await exchange(ctx, first.code!, first.verifier);

    const flow = await statementsOf(() => authorize(ctx, jar, { scope: 'openid profile' }));
    // The portal session read with the library's session ahead, and the one write (code, session, session app, audit row).
    expect(flow.statements).toHaveLength(2);
    const token = await statementsOf(() => exchange(ctx, flow.result.code!, flow.result.verifier));
    expect(token.result.statusCode).toBe(200);
    // The code read ahead and the one write (the code consumed, the access token's record).
    expect(token.statements).toHaveLength(2);

    const offline = await authorize(ctx, jar, { scope: 'openid offline_access' });
    const refreshToken = (await exchange(ctx, offline.code!, offline.verifier)).json().refresh_token;
    const refresh = await statementsOf(() =>
      postForm(ctx, '/oidc/token', { grant_type: 'refresh_token', refresh_token: refreshToken, client_id: 'wiki' }),
    );
    expect(refresh.result.statusCode).toBe(200);
    // The refresh token read ahead, and the one write (it consumed, the next one and the access token's record).
    expect(refresh.statements).toHaveLength(2);
  });
});
