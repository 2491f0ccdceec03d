import { ErrorBody, isServerErrorCode } from '@portal/contract';
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

/** A call that changes something: its answer is read with the schema, or ignored without one. */
interface Change {
  (path: string, body?: unknown): Promise<void>;
  <T>(path: string, body: unknown, schema: Parser<T>): Promise<T>;
}

function change(method: 'POST' | 'PUT'): Change {
  return (async (path: string, body?: unknown, schema?: Parser<unknown>) => {
    const { payload } = await send(method, path, body);
    return schema ? parseWith(schema, path, payload) : undefined;
  }) as Change;
}

interface Remove {
  (path: string): Promise<void>;
  <T>(path: string, schema: Parser<T>): Promise<T>;
}

/** The one way the web app talks to the auth service; every failure is an ApiError. */
export const apiClient = {
  get: async <T>(path: string, schema: Parser<T>, signal?: AbortSignal): Promise<T> =>
    parseWith(schema, path, (await send('GET', path, undefined, signal)).payload),
  /** GET when a response header matters too (X-Total-Count of a paged list). */
  getWithHeaders: async <T>(path: string, schema: Parser<T>, signal?: AbortSignal): Promise<{ data: T; headers: Headers }> => {
    const { payload, headers } = await send('GET', path, undefined, signal);
    return { data: parseWith(schema, path, payload), headers };
  },
  post: change('POST'),
  put: change('PUT'),
  delete: (async (path: string, schema?: Parser<unknown>) => {
    const { payload } = await send('DELETE', path, undefined);
    return schema ? parseWith(schema, path, payload) : undefined;
  }) as Remove,
};
