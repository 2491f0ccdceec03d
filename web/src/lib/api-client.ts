import { ErrorBody } from '@portal/contract';
import { ApiError } from './api-error.ts';
import { authServiceUrl } from './auth-urls.ts';

/** Anything with a zod-like `parse`: the contract's schemas. */
export interface Parser<T> {
  parse(input: unknown): T;
}

interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  body?: unknown;
  signal?: AbortSignal;
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

function errorFrom(response: Response, body: unknown): ApiError {
  const parsed = ErrorBody.safeParse(body);
  if (parsed.success) return new ApiError(response.status, parsed.data.error, parsed.data.message);
  return new ApiError(response.status, `http_${response.status}`, response.statusText || `Request failed (${response.status})`);
}

/** One call to the auth service: credentials included, JSON in and out, non-2xx thrown as ApiError. */
export async function apiRequest(path: string, { method = 'GET', body, signal }: RequestOptions = {}): Promise<unknown> {
  let response: Response;
  try {
    response = await fetch(authServiceUrl(path), {
      method,
      credentials: 'include',
      headers: body === undefined ? { accept: 'application/json' } : { accept: 'application/json', 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal,
    });
  } catch (cause) {
    if (signal?.aborted) throw cause;
    throw new ApiError(0, 'network_error', 'The server could not be reached.', { cause });
  }
  const payload = await readBody(response);
  if (!response.ok) throw errorFrom(response, payload);
  return payload;
}

function parseWith<T>(schema: Parser<T>, path: string, payload: unknown): T {
  try {
    return schema.parse(payload);
  } catch (cause) {
    throw new ApiError(200, 'invalid_response', `Unexpected answer from ${path}.`, { cause });
  }
}

export const apiClient = {
  get: async <T>(path: string, schema: Parser<T>, signal?: AbortSignal): Promise<T> =>
    parseWith(schema, path, await apiRequest(path, { signal })),
  post: (path: string, body: unknown): Promise<unknown> => apiRequest(path, { method: 'POST', body }),
};
