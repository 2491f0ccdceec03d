import { AsyncLocalStorage } from 'node:async_hooks';
import type { RequestMeta } from '../audit.ts';
import type { AuthContext } from '../sessions/session.ts';

/** What the protocol library's hooks need of the HTTP request it is handling. */
export interface OidcRequest {
  /** The browser's portal session (read once, on first use). */
  auth(): Promise<AuthContext | null>;
  meta: RequestMeta;
  /** The client authenticates with HTTP Basic (else in the body, or not at all). */
  basicAuth: boolean;
  /**
   * At the token endpoint: asked with the client's id before the library authenticates it; answers
   * the seconds it must wait after too many failed authentications from this address (0: go on).
   */
  clientAuthWait?(clientId: string): Promise<number>;
  /** Reads done once per request, whichever hook asks first (the app of a client, a player). */
  memo?: Map<string, Promise<unknown>>;
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

/** The request in hand; the library calls our hooks only while handling one. */
export function currentOidcRequest(): OidcRequest {
  const request = store.getStore();
  if (!request) throw new Error('an OpenID Provider hook ran outside a request');
  return request;
}
