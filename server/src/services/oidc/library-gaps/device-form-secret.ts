import type { KoaContextWithOIDC } from 'oidc-provider';

/**
 * The library's device pages (`userCodeInputSource`, `userCodeConfirmSource`) are handed a ready
 * form whose hidden `xsrf` field holds a secret it keeps in its session's state and checks when
 * the form comes back. It offers no other way to that secret: a page of its own, as the portal's
 * are (lib/device-pages.ts), reads it from the session's state (`session.state.secret`), an
 * internal. Empty when the library keeps no secret for this browser.
 */
export function deviceFormSecret(ctx: KoaContextWithOIDC): string {
  const state = ctx.oidc.session?.state as { secret?: unknown } | undefined;
  return typeof state?.secret === 'string' ? state.secret : '';
}
