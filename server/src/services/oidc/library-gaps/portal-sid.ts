import type Provider from 'oidc-provider';
import { currentOidcRequest } from '../request-context.ts';

/**
 * The library makes up a `sid` for each client of its session (`Session#ensureClientContainer`, a
 * random id) and writes it into codes and id_tokens. The portal's sign-out and back-channel logout
 * name the portal session's own sid, so that is the sid an app is given.
 */
export function sidIsThePortalSid(provider: Provider): void {
  const session = provider.Session.prototype as unknown as {
    ensureClientContainer(this: SessionLike, clientId: string): void;
  };
  const ensure = session.ensureClientContainer;
  session.ensureClientContainer = function portalSid(clientId) {
    const { auth } = currentOidcRequest();
    if (!auth || auth.user.uid !== this.accountId) return ensure.call(this, clientId);
    if (this.sidFor(clientId) !== auth.session.sid) this.sidFor(clientId, auth.session.sid);
  };
}

interface SessionLike {
  accountId?: string;
  sidFor(clientId: string, value?: string): string | undefined;
}
