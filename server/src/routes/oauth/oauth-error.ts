import type { FastifyReply } from 'fastify';

/** An RFC 6749 §5.2 error answer: `code` is the OAuth error code; `challenge` the scheme a 401 names in WWW-Authenticate. */
export class OAuthError extends Error {
  readonly status: number;
  readonly code: string;
  readonly challenge?: 'Basic' | 'Bearer';
  constructor(status: number, code: string, message: string, challenge?: 'Basic' | 'Bearer') {
    super(message);
    this.status = status;
    this.code = code;
    this.challenge = challenge;
  }
}

/** An OAuth error answer as it is sent: status, `error`, `error_description`, and Retry-After seconds. */
export interface OAuthAnswer {
  status: number;
  error: string;
  description: string;
  retryAfter?: number;
}

/** The WWW-Authenticate value a 401 owes (RFC 6750 §3, RFC 6749 §5.2): one line of printable ASCII. */
function challengeHeader(challenge: 'Basic' | 'Bearer', error: string, description: string): string {
  const words = description.replace(/[^\x20-\x7e]/g, '?').replace(/"/g, "'");
  return `${challenge} realm="portal", error="${error}", error_description="${words}"`;
}

/** The body of every OAuth error answer. */
export const oauthErrorBody = (error: string, description: string) => ({ error, error_description: description });

/** OAuth's JSON error answer, never cached; `challenge` adds the WWW-Authenticate header a 401 owes. */
export function sendOAuthError(reply: FastifyReply, answer: OAuthAnswer, challenge?: 'Basic' | 'Bearer') {
  if (answer.retryAfter) reply.header('retry-after', String(answer.retryAfter));
  if (challenge) reply.header('www-authenticate', challengeHeader(challenge, answer.error, answer.description));
  return reply
    .code(answer.status)
    .header('cache-control', 'no-store')
    .header('pragma', 'no-cache')
    .send(oauthErrorBody(answer.error, answer.description));
}
