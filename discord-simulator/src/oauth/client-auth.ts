import { timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { SimContext } from '../context.ts';
import { param } from '../params.ts';

function sameSecret(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** `Authorization: Basic` credentials (id and secret form-encoded, RFC 6749 §2.3.1), or undefined. */
function basicCredentials(header: string | undefined): { id: string; secret: string } | undefined {
  const m = /^Basic\s+([A-Za-z0-9+/=._~-]+)\s*$/i.exec(header ?? '');
  if (!m) return undefined;
  const decoded = Buffer.from(m[1]!, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 0) return undefined;
  const part = (s: string) => {
    try {
      return decodeURIComponent(s.replace(/\+/g, ' '));
    } catch {
      return s;
    }
  };
  return { id: part(decoded.slice(0, colon)), secret: part(decoded.slice(colon + 1)) };
}

/**
 * Whether the request authenticates the simulated application: HTTP Basic, or client_id and client_secret
 * in the form body. A wrong, missing or unknown pair is invalid_client.
 */
export function clientAuthenticated(ctx: SimContext, request: FastifyRequest): boolean {
  const creds = /^Basic\s/i.test(request.headers.authorization ?? '')
    ? basicCredentials(request.headers.authorization)
    : { id: param(request.body, 'client_id') ?? '', secret: param(request.body, 'client_secret') ?? '' };
  return !!creds && creds.id === ctx.application.id && sameSecret(creds.secret, ctx.application.client_secret);
}
