import type { z } from 'zod';

type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

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
  /** A POST that changes nothing (a preview): it is not audited. */
  readOnly?: true;
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

type ParamsInput<E extends Endpoint> = keyof PathParams<E['path']> extends never
  ? { params?: undefined }
  : { params: PathParams<E['path']> };
type QueryInput<E extends Endpoint> = E extends { query: infer S extends z.ZodType } ? { query: z.input<S> } : { query?: undefined };
type BodyInput<E extends Endpoint> = E extends { body: infer S extends z.ZodType } ? { body: z.input<S> } : { body?: undefined };

/** What a caller gives for one call: the path's params, the query and the body, each when the endpoint has them. */
export type EndpointCall<E extends Endpoint> = ParamsInput<E> & QueryInput<E> & BodyInput<E>;

/** The success body of an endpoint, as its answer schema reads it. */
export type EndpointAnswer<E extends Endpoint> = E extends { answer: infer S extends z.ZodType } ? z.output<S> : void;

/** `?a=1&b=2` in the order given, leaving out what is undefined; '' when nothing is left. */
export function queryString(query: Record<string, string | number | boolean | undefined> | undefined): string {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query ?? {})) if (value !== undefined) search.set(name, String(value));
  const text = search.toString();
  return text ? `?${text}` : '';
}
