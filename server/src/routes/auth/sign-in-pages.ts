import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AttemptPurpose } from '../../domain/attempt-purpose.ts';
import { isNeutralError, Refused, Unavailable } from '../../lib/errors.ts';
import { messagePage, tryLaterPage } from '../../lib/message-page.ts';
import { untilPhrase, utcClock } from '../../lib/relative-time.ts';
import { apiAnswerOf, apiErrorHandler, secondsUntil, type ApiAnswer } from '../../plugins/error-handler.ts';
import { LOCAL_TIME_PATH } from './local-time.ts';

/** The trip a callback belongs to, once its one-time attempt is known. */
interface TripPage {
  purpose: AttemptPurpose;
  appName: string;
  /** Where the trip was to return. */
  rd: string;
}

/** The titles of a trip's pages, and where they lead back to (the sign-in page unless said). */
const TRIP_PAGES: Record<AttemptPurpose, { failed: string; declined: string; back?: (rd: string) => { href: string; label: string } }> = {
  sign_in: { failed: 'Sign-in did not complete', declined: 'Sign-in cancelled' },
  swc_consent: {
    failed: 'Permissions not updated',
    declined: 'Permissions not changed',
    back: (rd) => ({ href: rd, label: 'Back to SWC consents' }),
  },
  swc_binding: { failed: 'Sign-in did not complete', declined: 'Connection cancelled' },
};

const loginLink = (request: FastifyRequest) => ({ href: `${request.server.deps.config.publicUrl}/login`, label: 'Back to sign-in' });

const sendPage = (reply: FastifyReply, status: number, html: string) => reply.code(status).type('text/html').send(html);

/**
 * The page for a trip back from SWCombine that did not complete (`trip` is unknown when its state
 * was not even valid): 403 when the player declined or the app's rules refused, 503 with the time to
 * come back when the request budget is used up, 400 for anything else that can only start again.
 * Any other error (a bug, an outage) is thrown again, for the error handler.
 */
export function sendTripFailure(request: FastifyRequest, reply: FastifyReply, err: unknown, trip?: TripPage) {
  if (!isNeutralError(err)) throw err;
  const texts = TRIP_PAGES[trip?.purpose ?? 'sign_in'];
  const link = (trip && texts.back?.(trip.rd)) ?? loginLink(request);
  if (err instanceof Unavailable && err.retryAt) {
    const now = request.server.deps.clock.now();
    request.log.warn({ retryAt: err.retryAt }, 'sign-in refused: SWCombine request budget used up');
    const retryAt = { iso: err.retryAt.toISOString(), utc: utcClock(err.retryAt), relative: untilPhrase(err.retryAt, now) };
    reply.header('retry-after', String(secondsUntil(err.retryAt, now)));
    const page = tryLaterPage({
      title: 'Sign-in is paused for now',
      message: err.message,
      retryAt,
      localTimeScript: LOCAL_TIME_PATH,
      link: loginLink(request),
    });
    return sendPage(reply, 503, page);
  }
  if (err instanceof Refused && err.reason === 'declined') {
    return sendPage(reply, 403, messagePage({ title: texts.declined, message: err.message, link }));
  }
  if (err instanceof Refused && err.reason === 'forbidden') {
    const title = trip ? `Sign-in refused for ${trip.appName}` : 'Sign-in refused';
    return sendPage(reply, 403, messagePage({ title, message: err.message, link }));
  }
  request.log.warn({ reason: err.message }, 'sign-in failed');
  return sendPage(reply, 400, messagePage({ title: texts.failed, message: err.message, link }));
}

function pageTitle({ status }: ApiAnswer, request: FastifyRequest): string {
  // Forward auth's 400 is about headers an ingress forwarded, not a link the player followed.
  if (status === 400 && request.routeOptions.url !== '/auth/verify') return 'This sign-in link is not valid';
  return status >= 500 ? 'Something went wrong' : 'Request refused';
}

/**
 * The error handler of /auth/*: a browser (it asks for text/html) gets a readable page with the
 * API's status and message and a way back to sign-in; API callers get the API's `{ error, message }`.
 */
export function signInErrorHandler(err: Error & { statusCode?: number }, request: FastifyRequest, reply: FastifyReply) {
  if (!(request.headers.accept ?? '').includes('text/html')) return apiErrorHandler(err, request, reply);
  const answer = apiAnswerOf(err, request);
  if (answer.retryAfter) reply.header('retry-after', String(answer.retryAfter));
  return sendPage(
    reply,
    answer.status,
    messagePage({ title: pageTitle(answer, request), message: answer.message, link: loginLink(request) }),
  );
}
