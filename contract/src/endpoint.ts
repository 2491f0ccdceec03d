import type { z } from 'zod';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** One route of the JSON API, as both the server and the web client see it. */
export interface Endpoint {
  method: HttpMethod;
  /** With `:name` segments for the params, as Fastify writes them. */
  path: string;
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  /** The status of a success. */
  status: number;
  /** The body of a success (`z.null()` for a 204); none for a redirect. */
  answer?: z.ZodType;
  /** The statuses of a refusal, each with an `ErrorBody`. */
  errors: readonly number[];
}

export const defineEndpoint = <const E extends Endpoint>(endpoint: E): E => endpoint;

/** `{ id: string; appKey: string }` for `/api/admin/users/:id/apps/:appKey`. */
export type PathParams<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? { [K in Name]: string } & PathParams<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? { [K in Name]: string }
    : Record<never, never>;

/** The path of one call: each `:name` replaced by its param, URI-encoded. */
export function pathOf<E extends Endpoint>(endpoint: E, params: PathParams<E['path']>): string {
  const values: Record<string, string> = params;
  return endpoint.path.replace(/:([A-Za-z]+)/g, (_segment, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`${endpoint.path} needs the param ${name}`);
    return encodeURIComponent(value);
  });
}
