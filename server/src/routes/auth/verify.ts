import { audienceField, ErrorBody } from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { unauthorized } from '../../lib/errors.ts';
import { SESSION_COOKIE } from '../../plugins/session.ts';
import { verifyAccess, type VerifiedAccess } from '../../services/forward-auth.ts';

const Query = z.object({ aud: audienceField('Audience (aud)') });

/** HTTP header values are Latin-1; names outside printable ASCII are sent percent-encoded. */
const headerSafe = (v: string) => (/^[\x20-\x7e]*$/.test(v) ? v : encodeURIComponent(v));

/** A cached answer is the same object on every hit, so its headers are built once per cache entry. */
const built = new WeakMap<VerifiedAccess, Record<string, string>>();
function headersFor(access: VerifiedAccess): Record<string, string> {
  let headers = built.get(access);
  if (!headers) {
    headers = {
      'cache-control': 'no-store',
      'x-auth-request-user': access.uid,
      'x-auth-request-name': headerSafe(access.name),
      'x-auth-request-roles': access.roles.join(','),
      authorization: `Bearer ${access.jwt}`,
    };
    built.set(access, headers);
  }
  return headers;
}

export default async function verifyRoute(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/verify',
    {
      // An ingress sub-request that no browser renders: browser security headers only cost time here.
      helmet: false,
      // The ingress asks on every request it serves and logs those itself; two info lines per check
      // would double the work of an answer from the cache. Failures still log as errors.
      logLevel: 'warn',
      schema: {
        tags: ['auth'],
        summary: 'Forward auth for an ingress (auth-url): 200 with identity headers and a JWT, or 401',
        querystring: Query,
        response: { 200: z.null(), 400: ErrorBody, 401: ErrorBody },
      },
    },
    async (request, reply) => {
      const access = await verifyAccess(app.deps, request.cookies[SESSION_COOKIE], request.query.aud);
      if (!access) throw unauthorized('Sign in first, with access to this app.');
      return reply.headers(headersFor(access)).code(200).send(null);
    },
  );
}
