import { ErrorCode } from '@portal/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { isDatabaseUnavailable } from '../lib/database-unavailable.ts';
import { Conflict, NotFound, Refused, TooMany, Unavailable, UpstreamFailed, type RefusalReason } from '../lib/errors.ts';
import { HttpError } from './http-error.ts';

/** An error as the API answers it: `{ error, message }` with this status (and Retry-After). */
export interface ApiAnswer {
  status: number;
  error: ErrorCode;
  message: string;
  /** Sent as `code`: a refusal the caller can act on. */
  code?: string | undefined;
  /** Seconds, for the Retry-After header. */
  retryAfter?: number;
}

export const DATABASE_UNAVAILABLE_MESSAGE = 'The database is not answering; try again in a moment.';
const DATABASE_RETRY_AFTER_S = 5;
const INTERNAL_ERROR_MESSAGE = 'Something went wrong on our side. Please try again.';

const REFUSALS: Record<RefusalReason, { status: number; error: ErrorCode }> = {
  invalid: { status: 400, error: ErrorCode.BadRequest },
  unauthenticated: { status: 401, error: ErrorCode.Unauthorized },
  forbidden: { status: 403, error: ErrorCode.Forbidden },
  declined: { status: 403, error: ErrorCode.Forbidden },
};

/** Whole seconds from `now` until `at`, at least one. */
export const secondsUntil = (at: Date, now: Date) => Math.max(1, Math.ceil((at.getTime() - now.getTime()) / 1000));

function validationMessage(err: unknown): string {
  const issues = (err as { validation: { instancePath?: string; message?: string; params?: { issue?: { path?: PropertyKey[] } } }[] })
    .validation;
  const context = (err as { validationContext?: string }).validationContext ?? 'request';
  return issues
    .map((i) => {
      const path = i.params?.issue?.path?.map(String).join('.') || i.instancePath?.replace(/^\//, '').replace(/\//g, '.');
      return `${context}${path ? `.${path}` : ''}: ${i.message ?? 'is invalid'}`;
    })
    .join('; ');
}

/**
 * The API's translation of any error: a refusal, a missing thing, a clash or an outage keeps its
 * message; a framework refusal (body too large, rate limit) its status; anything else is a 500
 * whose details stay in the log.
 */
export function apiAnswerOf(err: Error & { statusCode?: number }, request: FastifyRequest): ApiAnswer {
  if (hasZodFastifySchemaValidationErrors(err)) return { status: 400, error: ErrorCode.BadRequest, message: validationMessage(err) };
  if (err instanceof HttpError) return { status: err.statusCode, error: err.error, message: err.message, code: err.code };
  if (err instanceof Refused) return { ...REFUSALS[err.reason], message: err.message };
  if (err instanceof NotFound) return { status: 404, error: ErrorCode.NotFound, message: err.message };
  if (err instanceof Conflict) return { status: 409, error: ErrorCode.Conflict, message: err.message };
  if (err instanceof TooMany) {
    return {
      status: 429,
      error: ErrorCode.RateLimited,
      message: err.message,
      retryAfter: secondsUntil(err.retryAt, request.server.deps.clock.now()),
    };
  }
  if (err instanceof Unavailable) {
    const retryAfter = err.retryAt && secondsUntil(err.retryAt, request.server.deps.clock.now());
    return { status: 503, error: ErrorCode.Unavailable, message: err.message, retryAfter };
  }
  // The only change the API asks of an outside system is a service JWT's Secret write.
  if (err instanceof UpstreamFailed) return { status: 502, error: ErrorCode.RotationFailed, message: err.message };
  if (isDatabaseUnavailable(err)) {
    request.log.warn({ err }, 'database unavailable');
    return { status: 503, error: ErrorCode.Unavailable, message: DATABASE_UNAVAILABLE_MESSAGE, retryAfter: DATABASE_RETRY_AFTER_S };
  }
  const status = err.statusCode;
  if (status && status >= 400 && status < 500) {
    const error = status === 429 ? ErrorCode.RateLimited : status === 413 ? ErrorCode.PayloadTooLarge : ErrorCode.BadRequest;
    return { status, error, message: err.message };
  }
  request.log.error({ err }, 'unhandled error');
  return { status: 500, error: ErrorCode.InternalError, message: INTERNAL_ERROR_MESSAGE };
}

function sendApiAnswer(reply: FastifyReply, answer: ApiAnswer) {
  if (answer.retryAfter) reply.header('retry-after', String(answer.retryAfter));
  return reply.code(answer.status).send({ error: answer.error, message: answer.message, ...(answer.code ? { code: answer.code } : {}) });
}

/** The API's error handler: every failure answers `{ error, message }` (routes/auth answers browsers with pages instead). */
export function apiErrorHandler(err: Error & { statusCode?: number }, request: FastifyRequest, reply: FastifyReply) {
  return sendApiAnswer(reply, apiAnswerOf(err, request));
}

export default fp(async function errorHandler(app: FastifyInstance) {
  app.setErrorHandler(apiErrorHandler);
});
