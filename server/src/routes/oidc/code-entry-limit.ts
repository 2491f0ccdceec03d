import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { messagePage } from '../../lib/message-page.ts';
import { OIDC_ROUTES } from '../../services/oidc/paths.ts';

/**
 * Codes one portal session may enter at /device in a minute. Each entry, and each Allow or Deny,
 * looks a code up: the code space is small (8 letters of 20), so guessing must not be cheap.
 */
export const CODE_ENTRIES_PER_SESSION_PER_MINUTE = 10;
/** Codes one address may enter at /device in a minute, whatever the sessions. */
export const CODE_ENTRIES_PER_ADDRESS_PER_MINUTE = 30;

type LimitState = Awaited<ReturnType<ReturnType<FastifyInstance['createRateLimit']>>>;

/** Seconds until the count allows another entry; 0 while it does. */
const waitOf = (state: LimitState) => (!state.isAllowed && state.isExceeded ? Math.max(1, state.ttlInSeconds) : 0);

/** The answer to one code too many: the page says why and when to try again, and so does Retry-After. */
function tooMany(reply: FastifyReply, publicUrl: string, seconds: number, per: 'session' | 'address') {
  const message =
    per === 'session'
      ? `Too many codes were entered in this session. Check the code your device shows and try again in ${seconds} seconds.`
      : `Too many codes were entered from this address. Try again in ${seconds} seconds.`;
  return reply
    .code(429)
    .header('retry-after', String(seconds))
    .header('cache-control', 'no-store')
    .type('text/html')
    .send(
      messagePage({
        title: 'Connect a device',
        message,
        link: { href: `${publicUrl}${OIDC_ROUTES.code_verification}`, label: 'Start again' },
      }),
    );
}

/**
 * A route hook for the device page's form (POST /device): every code looked up counts, per portal
 * session and per address, with the same rate limiter as the portal's other limits; over either,
 * 429 with a page saying so, before the code is looked up.
 */
export function createCodeEntryLimit(app: FastifyInstance) {
  const sessionOf = new WeakMap<FastifyRequest, string>();
  const perSession = app.createRateLimit({
    max: CODE_ENTRIES_PER_SESSION_PER_MINUTE,
    timeWindow: 60_000,
    keyGenerator: (request) => `session ${sessionOf.get(request)}`,
  });
  const perAddress = app.createRateLimit({
    max: CODE_ENTRIES_PER_ADDRESS_PER_MINUTE,
    timeWindow: 60_000,
    keyGenerator: (request) => `address ${request.ip}`,
  });
  return async function codeEntryLimit(request: FastifyRequest, reply: FastifyReply) {
    const auth = await request.loadAuth();
    const address = await perAddress(request);
    if (auth) sessionOf.set(request, auth.session.id);
    const session = auth ? await perSession(request) : null;
    const publicUrl = app.deps.config.publicUrl;
    const sessionWait = session ? waitOf(session) : 0;
    if (sessionWait) return tooMany(reply, publicUrl, sessionWait, 'session');
    const addressWait = waitOf(address);
    if (addressWait) return tooMany(reply, publicUrl, addressWait, 'address');
  };
}
