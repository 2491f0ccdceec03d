import type { ErrorCode } from '@portal/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Refused, type RefusalReason } from '../../lib/errors.ts';
import { apiAnswerOf } from '../../plugins/error-handler.ts';
import { OAuthError, sendOAuthError, type OAuthAnswer } from './oauth-error.ts';

/** How an endpoint answers one kind of failure in OAuth's words. */
interface OAuthCode {
  error: string;
  /** The status, where it is not the one the API answers the failure with. */
  status?: number;
  /** Words put before the failure's own. */
  prefix?: string;
  /** Retry-After seconds, where the failure names no time. */
  retryAfter?: number;
}

/**
 * One endpoint's OAuth error codes: for a service's refusal, by its reason, and for every other
 * failure, by the API's code for it (plugins/error-handler.ts). A failure the table does not name is
 * a 500 `server_error`.
 */
export interface OAuthCodeTable {
  refused: Record<RefusalReason, OAuthCode>;
  failed: Partial<Record<ErrorCode, OAuthCode>>;
}

const SERVER_ERROR = { status: 500, error: 'server_error', description: 'Something went wrong on our side. Please try again.' };

/** The OAuth answer to any failure at an endpoint with this table: an OAuthError says its own. */
export function oauthAnswerOf(err: Error & { statusCode?: number }, request: FastifyRequest, table: OAuthCodeTable): OAuthAnswer {
  if (err instanceof OAuthError) return { status: err.status, error: err.code, description: err.message };
  const api = apiAnswerOf(err, request);
  const code = err instanceof Refused ? table.refused[err.reason] : table.failed[api.error];
  if (!code) return SERVER_ERROR;
  return {
    status: code.status ?? api.status,
    error: code.error,
    description: `${code.prefix ?? ''}${api.message}`,
    retryAfter: api.retryAfter ?? code.retryAfter,
  };
}

/** The failure, if any, that the log should keep (an outage as a warning, anything else as an error). */
export function logFailure(request: FastifyRequest, err: Error, answer: OAuthAnswer, what: string): void {
  if (answer.status >= 500) request.log[answer.status === 500 ? 'error' : 'warn']({ err }, what);
}

/** An error handler that answers every failure, the framework's and the hooks' included, in OAuth's JSON by `table`. */
export const oauthErrorHandler =
  (table: OAuthCodeTable, what: string) => (err: Error & { statusCode?: number }, request: FastifyRequest, reply: FastifyReply) => {
    const answer = oauthAnswerOf(err, request, table);
    logFailure(request, err, answer, what);
    return sendOAuthError(reply, answer, err instanceof OAuthError ? err.challenge : undefined);
  };
