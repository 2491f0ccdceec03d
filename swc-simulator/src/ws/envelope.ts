import type { FastifyReply, FastifyRequest } from 'fastify';
import { baseUrl, type SimContext } from '../context.ts';

export const WS_PREFIX = '/ws/v2.0';

/** The resource a /ws/v2.0/ path names: its first segment (`character`, `factions`, `faction`, …). */
export function resourceOf(request: FastifyRequest): string {
  const path = request.url.split('?')[0]!.slice(WS_PREFIX.length);
  let decoded = path;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    // keep the raw path
  }
  return decoded.split('/').filter(Boolean)[0] ?? '';
}

/** The request's absolute URI, without any access_token. */
function requestUri(ctx: SimContext, request: FastifyRequest): string {
  const url = new URL(request.url, baseUrl(ctx, request));
  url.searchParams.delete('access_token');
  return url.toString();
}

/** `{ version, timestamp, resource, request: { method, uri }, swcapi }` */
export function envelope(ctx: SimContext, request: FastifyRequest, swcapi: Record<string, unknown>) {
  return {
    version: '2.0',
    timestamp: Math.floor(ctx.now() / 1000),
    resource: resourceOf(request),
    request: { method: request.method, uri: requestUri(ctx, request) },
    swcapi,
  };
}

export function sendWs(reply: FastifyReply, ctx: SimContext, request: FastifyRequest, swcapi: Record<string, unknown>): FastifyReply {
  return reply.header('content-type', 'application/json; charset=utf-8').send(envelope(ctx, request, swcapi));
}

/** An error in the envelope: `swcapi: { error_code, error_message }` (error_code is the HTTP status). */
export function sendWsError(reply: FastifyReply, ctx: SimContext, request: FastifyRequest, status: number, message: string): FastifyReply {
  return reply
    .code(status)
    .header('content-type', 'application/json; charset=utf-8')
    .send(envelope(ctx, request, { error_code: status, error_message: message }));
}
