import { ErrorBody, type Endpoint } from '@portal/contract';
import type { FastifyContextConfig, FastifyInstance, FastifyReply, FastifyRequest, FastifySchema, preHandlerHookHandler } from 'fastify';
import type { z } from 'zod';

type Parsed<S> = S extends z.ZodType ? z.output<S> : undefined;

/** The request of an endpoint: params, query and body as its schemas parsed them. */
type EndpointRequest<E extends Endpoint> = FastifyRequest<{
  Params: Parsed<E extends { params: infer S } ? S : undefined>;
  Querystring: Parsed<E extends { query: infer S } ? S : undefined>;
  Body: Parsed<E extends { body: infer S } ? S : undefined>;
}>;

/** What a handler gives back: the success body, or the reply when it answered itself (a redirect). */
type HandlerResult<E extends Endpoint> = (E extends { answer: infer S } ? Parsed<S> : never) | FastifyReply;

interface EndpointRouteOptions<E extends Endpoint> {
  /** The OpenAPI section of the route (docs/api.md). */
  tags: string[];
  summary?: string;
  config?: FastifyContextConfig;
  preHandler?: preHandlerHookHandler;
  handler(request: EndpointRequest<E>, reply: FastifyReply): HandlerResult<E> | Promise<HandlerResult<E>>;
}

function schemaOf(endpoint: Endpoint, { tags, summary }: { tags: string[]; summary?: string }): FastifySchema & Record<string, unknown> {
  const response: Record<number, z.ZodType> = {};
  if (endpoint.answer) response[endpoint.status] = endpoint.answer;
  for (const status of endpoint.errors) response[status] = ErrorBody;
  return {
    tags,
    ...(summary === undefined ? {} : { summary }),
    ...(endpoint.params ? { params: endpoint.params } : {}),
    ...(endpoint.query ? { querystring: endpoint.query } : {}),
    ...(endpoint.body ? { body: endpoint.body } : {}),
    response,
  };
}

/**
 * Registers the route of a contract endpoint: its method, path and schemas come from the declaration,
 * the guard from the folder (plugin) `app` belongs to, and the success status is set here.
 */
export function route<E extends Endpoint>(app: FastifyInstance, endpoint: E, options: EndpointRouteOptions<E>): void {
  const { handler, config, preHandler } = options;
  app.route({
    method: endpoint.method,
    url: endpoint.path,
    schema: schemaOf(endpoint, options),
    ...(config ? { config } : {}),
    ...(preHandler ? { preHandler } : {}),
    handler: async (request, reply) => {
      // The schemas above have validated the request into exactly this shape.
      const answer: unknown = await handler(request as unknown as EndpointRequest<E>, reply);
      if (answer === reply) return reply;
      return reply.code(endpoint.status).send(answer);
    },
  });
}
