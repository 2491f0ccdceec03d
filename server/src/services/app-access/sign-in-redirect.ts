import type { IncomingHttpHeaders } from 'node:http';
import type { Deps } from '../../deps.ts';
import { acceptsHtml, forwardedPage } from '../../domain/forwarded-page.ts';
import { Refused } from '../../lib/errors.ts';
import { validateLoginTarget } from '../sign-in/start.ts';

export const SIGN_IN_FIRST = 'Sign in first, with access to this app.';

/**
 * Where forward auth sends a browser without a session, as authentik and Authelia do: to
 * /auth/login with the page it asked for as `rd`, when Traefik's ForwardAuth or Caddy's
 * forward_auth named that page and it is one of the app's redirect URLs (the rule /auth/login
 * applies). 302 for a page visit; 303 after a form post, which the browser follows with a GET.
 *
 * null for an API client (no HTML in Accept), nginx's auth_request (its own auth-signin redirects)
 * and a direct call: those get the 401. Throws Refused: `invalid` for forwarded headers no ingress
 * would send, `unauthenticated` for a page that is not the app's (never a redirect).
 */
export async function signInRedirect(
  deps: Pick<Deps, 'db' | 'config'>,
  audience: string,
  headers: IncomingHttpHeaders,
): Promise<{ url: string; status: 302 | 303 } | null> {
  if (!acceptsHtml(headers.accept)) return null;
  const page = forwardedPage(headers);
  if (page.kind === 'none') return null;
  if (page.kind === 'invalid') throw new Refused('invalid', page.message);
  let rd: string;
  try {
    ({ rd } = await validateLoginTarget(deps, audience, page.url));
  } catch (err) {
    if (err instanceof Refused) throw new Refused('unauthenticated', `${SIGN_IN_FIRST} ${err.message}`);
    throw err;
  }
  const url = `${deps.config.publicUrl}/auth/login?aud=${encodeURIComponent(audience)}&rd=${encodeURIComponent(rd)}`;
  return { url, status: page.method === 'GET' || page.method === 'HEAD' ? 302 : 303 };
}
