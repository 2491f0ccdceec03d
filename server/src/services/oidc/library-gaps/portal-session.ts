import type Provider from 'oidc-provider';
import { sessionAcr, sessionAmr } from '../../../domain/session-amr.ts';
import { epochSeconds } from '../../../lib/clock.ts';
import { currentOidcRequest } from '../request-context.ts';

/**
 * The library keeps a session of its own, signed in by its interactions (`Session.get` reads it
 * from its cookie). The portal has one session: the library's is re-derived from the portal
 * session the route resolved, on every request. Whoever it names is signed in, at the time they
 * signed in to the portal; without one, nobody is (whatever the library's cookie says).
 */
export function sessionIsThePortalSession(provider: Provider): void {
  const { Session } = provider;
  const load = Session.get.bind(Session);
  Session.get = async function portalSession(ctx) {
    const session = await load(ctx);
    const { auth } = currentOidcRequest(ctx);
    if (!auth) {
      if (session.accountId) Object.assign(session, { accountId: undefined, loginTs: undefined, authorizations: {} });
      return session;
    }
    const loginTs = epochSeconds(auth.session.created_at);
    const amr = sessionAmr(auth.session);
    const acr = sessionAcr(auth.session);
    if (session.accountId !== auth.user.uid || session.loginTs !== loginTs || String(session.amr) !== String(amr) || session.acr !== acr) {
      if (session.accountId !== auth.user.uid) session.authorizations = {};
      session.loginAccount({ accountId: auth.user.uid, loginTs, amr, ...(acr ? { acr } : {}) });
    }
    return session;
  };
}
