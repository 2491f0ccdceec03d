import {
  ErrorBody,
  isServerErrorCode,
  pathOf,
  queryString,
  type Endpoint,
  type EndpointAnswer,
  type EndpointCall,
  type PathParams,
} from '@portal/contract';
import { ApiError, ClientErrorCode, readableMessage } from './api-error.ts';
import { request, takeEarlyGet, type Answer, type Method } from './api-request.ts';

/** Anything with a zod-like `parse`: the contract's schemas. */
export interface Parser<T> {
  parse(input: unknown): T;
}

function parseBody(text: string): unknown {
  if (!text) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

function errorFrom(answer: Answer, body: unknown): ApiError {
  const parsed = ErrorBody.safeParse(body);
  if (parsed.success && isServerErrorCode(parsed.data.error)) {
    return new ApiError(answer.status, parsed.data.error, readableMessage(parsed.data.message));
  }
  return new ApiError(answer.status, ClientErrorCode.UnexpectedAnswer, answer.statusText || `Request failed (${answer.status})`);
}

/** One call: JSON out, non-2xx thrown as ApiError. */
async function send(method: Method, path: string, body: unknown, signal?: AbortSignal): Promise<{ payload: unknown; headers: Headers }> {
  const early = method === 'GET' ? takeEarlyGet(path) : undefined;
  const answer = await (early ?? request(method, path, body, signal));
  signal?.throwIfAborted();
  const payload = parseBody(answer.text);
  if (answer.status < 200 || answer.status > 299) throw errorFrom(answer, payload);
  return { payload, headers: answer.headers };
}

function parseWith<T>(schema: Parser<T>, path: string, payload: unknown): T {
  try {
    return schema.parse(payload);
  } catch (cause) {
    throw new ApiError(200, ClientErrorCode.InvalidResponse, `Unexpected answer from ${path}.`, { cause });
  }
}

type Query = Record<string, string | number | boolean | undefined>;

/** The path and query of one call, as the early answers are keyed too. */
export function urlOf<E extends Endpoint>(endpoint: E, call: EndpointCall<E>): string {
  // Every member of EndpointCall<E> is either the endpoint's params/query or undefined.
  const { params, query } = call as { params?: PathParams<E['path']>; query?: Query };
  return pathOf(endpoint, params ?? ({} as PathParams<E['path']>)) + queryString(query);
}

/** A call's input and, for a GET the screen may leave, its signal. */
type CallInput<E extends Endpoint> = EndpointCall<E> & { signal?: AbortSignal };

async function call<E extends Endpoint>(endpoint: E, input: CallInput<E>, parser?: Parser<EndpointAnswer<E>>) {
  const url = urlOf(endpoint, input);
  const { payload, headers } = await send(endpoint.method, url, input.body, input.signal);
  const schema = parser ?? (endpoint.answer as Parser<EndpointAnswer<E>> | undefined);
  return { data: schema ? parseWith(schema, url, payload) : (undefined as EndpointAnswer<E>), headers };
}

/**
 * The one way the web app talks to the auth service: a contract endpoint by name, its answer read with
 * the endpoint's answer schema (or `parser`); every failure is an ApiError.
 */
export async function callEndpoint<E extends Endpoint>(
  endpoint: E,
  input: CallInput<E>,
  parser?: Parser<EndpointAnswer<E>>,
): Promise<EndpointAnswer<E>> {
  return (await call(endpoint, input, parser)).data;
}

/** A call when a response header matters too (X-Total-Count of a paged list). */
export const callEndpointWithHeaders = <E extends Endpoint>(endpoint: E, input: CallInput<E>) => call(endpoint, input);
