import { audienceField, ErrorBody, ErrorCode } from '@portal/contract';
import type { FastifyBaseLogger, FastifyInstance, FastifyReply } from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { unauthorized } from '../../plugins/http-error.ts';
import { securityHeaders } from '../../plugins/security-headers.ts';
import { SESSION_COOKIE } from '../../plugins/session.ts';
import {
  cachedAccess,
  createForwardAuthAnswers,
  isRefusal,
  verifyAccess,
  type VerifiedAccess,
} from '../../services/app-access/forward-auth.ts';
import { SIGN_IN_FIRST, signInRedirect } from '../../services/app-access/sign-in-redirect.ts';

const Query = z.object({ aud: audienceField('Audience (aud)') });
/** An audience Query accepts exactly as sent (nothing to trim): ingresses send it on every request, so it skips zod. */
const PLAIN_AUDIENCE = /^[A-Za-z0-9._:/-]{1,200}$/;

/** The zod validator, answering a plain audience without building zod's parse context first. */
const plainAudienceFirst: typeof validatorCompiler = (route) => {
  const full = validatorCompiler(route);
  return (data: unknown) => {
    const aud = (data as { aud?: unknown } | null)?.aud;
    return typeof aud === 'string' && PLAIN_AUDIENCE.test(aud) ? { value: { aud } } : full(data);
  };
};

/** HTTP header values are Latin-1; names outside printable ASCII are sent percent-encoded. */
const headerSafe = (v: string) => (/^[\x20-\x7e]*$/.test(v) ? v : encodeURIComponent(v));
/**
 * Group names, each percent-encoded as a URI component (UTF-8; all but A–Z a–z 0–9 - _ . ! ~ * ' ( )), joined by
 * commas: split on commas, then decode each. One reading whatever the decoder: no `%`, `,`, `+` or space is left.
 */
const groupsHeader = (names: readonly string[]) => names.map(encodeURIComponent).join(',');

/**
 * The answer's head as Node's flat [name, value, …] list. A cached answer is the same object on
 * every hit, so its head is built once per cache entry.
 */
const built = new WeakMap<VerifiedAccess, string[]>();
function headOf(access: VerifiedAccess): string[] {
  let head = built.get(access);
  if (!head) {
    head = [
      'cache-control', 'no-store',
      'x-auth-request-user', access.uid,
      'x-auth-request-name', headerSafe(access.name),
      'x-auth-request-roles', access.roles.join(','),
      'x-auth-request-groups', groupsHeader(access.groups),
      'x-auth-request-amr', access.amr.join(','),
      'authorization', `Bearer ${access.jwt}`,
      'content-type', 'application/json; charset=utf-8',
      // Without a length Node sends the body chunked: three writes to the socket instead of one.
      'content-length', '4',
    ]; // prettier-ignore
    built.set(access, head);
  }
  return head;
}

/**
 * 200 with the identity headers and the schema's null, written straight to the socket: an ingress
 * asks on every request it serves, and Fastify's reply (header merging, serialisation, onSend)
 * costs as much as the check itself. onResponse hooks (metrics) still run.
 */
function answer(reply: FastifyReply, access: VerifiedAccess): void {
  reply.hijack();
  try {
    reply.raw.writeHead(200, headOf(access));
    reply.raw.end('null');
  } catch (err) {
    failHijacked(reply, err);
  }
}

/**
 * A hijacked answer that cannot be written (a header value Node refuses) is no longer Fastify's to
 * end: without this the ingress's request would wait on an open socket for ever.
 */
function failHijacked(reply: FastifyReply, err: unknown): void {
  reply.log.error({ err }, 'the forward-auth answer could not be written');
  const res = reply.raw;
  if (res.headersSent) {
    res.destroy();
    return;
  }
  res.writeHead(500, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' });
  res.end(JSON.stringify({ error: ErrorCode.InternalError, message: 'Something went wrong on our side. Please try again.' }));
}

export default async function verifyRoute(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(plainAudienceFirst);
  // One warn-level logger for every check: pino would otherwise build a child per request and set
  // its level again. Its lines carry no request id; the ingress logs each request with its own.
  let shared: FastifyBaseLogger | undefined;
  app.setChildLoggerFactory((logger, _bindings, opts) => (shared ??= logger.child({ route: '/auth/verify' }, opts)));
  // Traefik and Caddy hand a refusal to the browser as it is (a page, for a browser): it gets the
  // headers every page of the portal carries, and no cache keeps it.
  const refusalHeaders = { ...securityHeaders(app.deps.config), 'cache-control': 'no-store' };
  const deps = { ...app.deps, answers: createForwardAuthAnswers(app.deps) };
  app.get(
    '/verify',
    {
      // The ingress asks on every request it serves and logs those itself; two info lines per check
      // would double the work of an answer from the cache. Failures still log as errors.
      logLevel: 'warn',
      // An admitted check is an ingress sub-request that no browser renders: the browser security
      // headers only cost time there. Refusals set them.
      config: { securityHeaders: false },
      schema: {
        tags: ['auth'],
        summary: 'Forward auth for an ingress (auth-url): 200 with identity headers and a JWT, 401, or 302 to sign-in',
        querystring: Query,
        response: { 200: z.null(), 302: z.null(), 303: z.null(), 400: ErrorBody, 401: ErrorBody, 500: ErrorBody },
      },
    },
    (request, reply) => {
      const token = request.cookies[SESSION_COOKIE];
      const { aud } = request.query;
      // A cached answer is sent without a promise; only a miss waits for the database.
      const hit = cachedAccess(deps, token, aud);
      if (hit) return answer(reply, hit);
      return verifyAccess(deps, token, aud).then(async (check) => {
        if (!isRefusal(check)) return answer(reply, check);
        reply.headers(refusalHeaders);
        // A player who is signed in but refused would only come back here from sign-in. One who lacks the
        // passkey the app requires goes through sign-in too: it sends them to confirm one, then back.
        if (check.signedIn && !check.passkey) throw unauthorized(check.message);
        const to = await signInRedirect(app.deps, aud, request.headers);
        if (!to) throw unauthorized(check.signedIn ? check.message : SIGN_IN_FIRST);
        return reply.redirect(to.url, to.status);
      });
    },
  );
}
