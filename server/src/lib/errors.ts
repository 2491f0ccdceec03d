/**
 * What services throw when a request cannot be done. They say what happened, not how to answer: each
 * edge translates them into its own shape (plugins/error-handler.ts: the API's `{ error, message }`;
 * routes/oauth/translator.ts: OAuth's `{ error, error_description }`, by each endpoint's code table; routes/auth/sign-in-pages.ts:
 * the pages a browser sees on /auth/*). The message is meant for whoever asked.
 */

/** Why a request is refused. */
export type RefusalReason =
  /** The request is malformed or asks for something that cannot be. */
  | 'invalid'
  /** It is not proven who asks, or the grant they rely on is not (or no longer) valid: no session, a bad, expired or revoked token or grant. */
  | 'unauthenticated'
  /** Who asks is known but may not do this. */
  | 'forbidden'
  /** The player said no at SWCombine. */
  | 'declined';

export class Refused extends Error {
  readonly reason: RefusalReason;
  constructor(reason: RefusalReason, message: string) {
    super(message);
    this.reason = reason;
  }
}

export class NotFound extends Error {}

/** The change clashes with what is stored: a duplicate, or the same work already under way. */
export class Conflict extends Error {}

/**
 * Something the portal relies on did not answer (SWCombine), or another request held what this one
 * needed: nothing changed, try again; at `retryAt` when that is known.
 */
export class Unavailable extends Error {
  readonly retryAt: Date | undefined;
  constructor(message: string, retryAt?: Date) {
    super(message);
    this.retryAt = retryAt;
  }
}

/** The caller asked too often: try again at `retryAt` (429). */
export class TooMany extends Error {
  readonly retryAt: Date;
  constructor(message: string, retryAt: Date) {
    super(message);
    this.retryAt = retryAt;
  }
}

/** An outside system was asked to make a change and failed to (a Kubernetes Secret write); the message says why. */
export class UpstreamFailed extends Error {}

/** A refusal, or one of the other failures above: an answer for the caller rather than a bug or an outage of the portal itself. */
export const isNeutralError = (err: unknown): err is Refused | NotFound | Conflict | Unavailable | UpstreamFailed | TooMany =>
  err instanceof Refused ||
  err instanceof TooMany ||
  err instanceof NotFound ||
  err instanceof Conflict ||
  err instanceof Unavailable ||
  err instanceof UpstreamFailed;
