import { AsyncLocalStorage } from 'node:async_hooks';
import type { RequestMeta } from '../audit.ts';
import type { AuthContext } from '../sessions/session.ts';
import type { OidcRequestWrites } from './request-writes.ts';

/**
 * What the protocol library's hooks may know of the HTTP request it is handling, resolved by the
 * route before the library runs: the hooks read it, they never reach back into the route.
 */
export interface OidcRequest {
  /** The browser's portal session (null: none). */
  auth: AuthContext | null;
  meta: RequestMeta;
  /** The client_id the route authenticated (token and device authorization endpoints), if any. */
  authenticatedClient?: string;
  /** The client_id the request's query names (the authorization endpoint), unchecked: a hint for reading ahead. */
  namedClient?: string;
  /** Reads done once per request, whichever hook asks first (the app of a client, a player). */
  memo?: Map<string, Promise<unknown>>;
  /** Library records already read with another (a code's grant and session), until the library writes them. */
  prefetched?: Map<string, Record<string, unknown> | undefined>;
  /** While the library handles the request: what it writes, written in one statement before it answers. */
  writes?: OidcRequestWrites;
}

/** `read()` once per request under `key`. */
export function once<T>(key: string, read: () => Promise<T>): Promise<T> {
  const request = currentOidcRequest();
  request.memo ??= new Map();
  let pending = request.memo.get(key) as Promise<T> | undefined;
  if (!pending) {
    pending = read();
    request.memo.set(key, pending);
  }
  return pending;
}

const store = new AsyncLocalStorage<OidcRequest>();

export const runInOidcRequest = <T>(request: OidcRequest, fn: () => Promise<T>): Promise<T> => store.run(request, fn);

/** The request in hand, if any (the library's storage is also used outside requests). */
export const oidcRequestInHand = (): OidcRequest | undefined => store.getStore();

/** The request in hand; the library calls our hooks only while handling one. */
export function currentOidcRequest(): OidcRequest {
  const request = store.getStore();
  if (!request) throw new Error('an OpenID Provider hook ran outside a request');
  return request;
}
