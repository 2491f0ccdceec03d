import type Provider from 'oidc-provider';

interface SessionLike {
  exp?: number;
}

/**
 * When the library renders an error on its device pages (`/device`) for a browser whose session it
 * never saved, it writes a form secret into that session and then calls `Session#persist`, which
 * refuses a session never saved (a TypeError: the player gets a 500 instead of the page). Such a
 * session stays unsaved here; the page it renders offers to start again (device-flow.ts).
 */
export function persistOnlySavedSessions(provider: Provider): void {
  const session = provider.Session.prototype as unknown as { persist(this: SessionLike): Promise<unknown> };
  const persist = session.persist;
  session.persist = async function persistIfSaved() {
    if (typeof this.exp !== 'number') return undefined;
    return persist.call(this);
  };
}
