import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { ErrorCode } from '@portal/contract';
import { isDatabaseUnavailable } from '../db/unavailable.ts';
import { HttpError } from '../lib/errors.ts';
import { messagePage } from '../lib/message-page.ts';

/** Browsers on an /auth/* route get a readable page; API callers get `{ error, message }`. Decided by the matched route, not the raw URL. */
export function wantsHtml(request: FastifyRequest): boolean {
  return (request.routeOptions.url ?? '').startsWith('/auth/') && (request.headers.accept ?? '').includes('text/html');
}

export function sendError(
  request: FastifyRequest,
  reply: FastifyReply,
  status: number,
  error: ErrorCode,
  message: string,
  loginUrl: string,
) {
  if (wantsHtml(request)) {
    const title = status === 400 ? 'This sign-in link is not valid' : status >= 500 ? 'Something went wrong' : 'Request refused';
    return reply
      .code(status)
      .type('text/html')
      .send(messagePage({ title, message, link: { href: loginUrl, label: 'Back to sign-in' } }));
  }
  return reply.code(status).send({ error, message });
}

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

export const DATABASE_UNAVAILABLE_MESSAGE = 'The database is not answering; try again in a moment.';

export default fp(async function errorHandler(app: FastifyInstance) {
  const loginUrl = `${app.deps.config.publicUrl}/login`;
  app.setErrorHandler((err: Error & { statusCode?: number }, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(err)) {
      return sendError(request, reply, 400, ErrorCode.BadRequest, validationMessage(err), loginUrl);
    }
    if (err instanceof HttpError) return sendError(request, reply, err.statusCode, err.error, err.message, loginUrl);
    if (isDatabaseUnavailable(err)) {
      request.log.warn({ err }, 'database unavailable');
      reply.header('retry-after', '5');
      return sendError(request, reply, 503, ErrorCode.Unavailable, DATABASE_UNAVAILABLE_MESSAGE, loginUrl);
    }
    const status = err.statusCode;
    if (status && status >= 400 && status < 500) {
      const code = status === 429 ? ErrorCode.RateLimited : status === 413 ? ErrorCode.PayloadTooLarge : ErrorCode.BadRequest;
      return sendError(request, reply, status, code, err.message, loginUrl);
    }
    request.log.error({ err }, 'unhandled error');
    return sendError(request, reply, 500, ErrorCode.InternalError, 'Something went wrong on our side. Please try again.', loginUrl);
  });
});
