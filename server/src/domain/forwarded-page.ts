import type { IncomingHttpHeaders } from 'node:http';

/** The longest return address /auth/login takes (its `rd`). */
const MAX_PAGE_URL = 2048;

/**
 * The page a forward-auth check was asked for, as Traefik's ForwardAuth and Caddy's forward_auth
 * name it (`X-Forwarded-Proto`, `-Host`, `-Uri`, `-Method`):
 * - `none`: the check does not name a page this way (nginx's auth_request, which sends
 *   `X-Original-URL` and follows its own auth-signin; a direct call);
 * - `page`: the page's URL as sent, still to be checked against the app's redirect URLs;
 * - `invalid`: headers no ingress would send, in words.
 */
type ForwardedPage = { kind: 'none' } | { kind: 'page'; url: string; method: string } | { kind: 'invalid'; message: string };

// A host name or IP literal with an optional port: nothing that could carry user info, a path or a list.
const HOST =
  /^(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*|\[[0-9A-Fa-f:.]{2,45}\])(?::[0-9]{1,5})?$/;
// Origin-form (path and query), printable ASCII as it travels on the request line.
const URI = /^\/[\x21-\x7e]*$/;
const METHOD = /^[A-Z]{1,16}$/;

/** One header's value; a header sent twice (joined by Node with ", ") is as invalid as a list. */
const single = (value: string | string[] | undefined) => (Array.isArray(value) ? value.join(', ') : value);

export function forwardedPage(headers: IncomingHttpHeaders): ForwardedPage {
  if (headers['x-original-url'] !== undefined) return { kind: 'none' };
  const uri = single(headers['x-forwarded-uri']);
  if (uri === undefined) return { kind: 'none' };
  const proto = single(headers['x-forwarded-proto']);
  const host = single(headers['x-forwarded-host']);
  const method = single(headers['x-forwarded-method']) ?? 'GET';
  if (proto === undefined || host === undefined) {
    return {
      kind: 'invalid',
      message: 'X-Forwarded-Uri came without X-Forwarded-Proto and X-Forwarded-Host, so the page asked for is unknown.',
    };
  }
  if (!/^https?$/i.test(proto)) return { kind: 'invalid', message: 'X-Forwarded-Proto must be http or https.' };
  if (host.length > 261 || !HOST.test(host)) {
    return { kind: 'invalid', message: 'X-Forwarded-Host must be one host name or IP address with an optional port.' };
  }
  if (!URI.test(uri)) {
    return { kind: 'invalid', message: 'X-Forwarded-Uri must be a path starting with "/", without spaces or control characters.' };
  }
  if (!METHOD.test(method)) return { kind: 'invalid', message: 'X-Forwarded-Method must be an HTTP method such as GET.' };
  const url = `${proto.toLowerCase()}://${host}${uri}`;
  if (url.length > MAX_PAGE_URL) {
    return { kind: 'invalid', message: `The page asked for is longer than the ${MAX_PAGE_URL} characters sign-in can return to.` };
  }
  return { kind: 'page', url, method };
}

/** Does this Accept header take an HTML page (a browser navigating), rather than only data? */
export function acceptsHtml(accept: string | undefined): boolean {
  if (!accept) return false;
  return accept.split(',').some((range) => {
    const [type, ...params] = range.split(';').map((p) => p.trim().toLowerCase());
    if (type !== 'text/html') return false;
    const q = params.find((p) => p.startsWith('q='));
    return q === undefined || Number(q.slice(2)) > 0;
  });
}
