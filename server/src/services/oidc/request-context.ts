import type { IncomingMessage } from 'node:http';
import type { RequestMeta } from '../audit.ts';
import type { AuthContext } from '../sessions/session.ts';
import { contextInHand } from './library-gaps/context-in-hand.ts';
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
  /**
   * The user code the device page's address carried (RFC 8628 verification_uri_complete): the page is drawn
   * with it filled in and sends it on by itself.
   */
  userCodeFromLink?: string;
}

/** A library context: the one it makes of each HTTP request it handles (`Provider.ctx` while it does). */
type LibraryContext = { req: IncomingMessage };

// The library keeps the context of the request it is handling (Provider.ctx); the portal's request
// travels with that context's HTTP request.
const handed = new WeakMap<IncomingMessage, OidcRequest>();

/** Hands `request` to the library with `req`: its hooks find it through the context the library makes of `req`. */
export function handOverWith(req: IncomingMessage, request: OidcRequest): void {
  handed.set(req, request);
}

/** The request of a library context: by default the one the library is handling (none outside its requests). */
export const oidcRequestInHand = (ctx: LibraryContext | undefined = contextInHand()): OidcRequest | undefined =>
  ctx ? handed.get(ctx.req) : undefined;

/** The request of a library context (by default the one in hand); the library calls our hooks only while handling one. */
export function currentOidcRequest(ctx?: LibraryContext): OidcRequest {
  const request = oidcRequestInHand(ctx ?? contextInHand());
  if (!request) throw new Error('an OpenID Provider hook ran outside a request');
  return request;
}

/** `read()` once per request under `key` (the request of `ctx`, by default the one in hand). */
export function once<T>(key: string, read: () => Promise<T>, ctx?: LibraryContext): Promise<T> {
  const request = currentOidcRequest(ctx);
  request.memo ??= new Map();
  let pending = request.memo.get(key) as Promise<T> | undefined;
  if (!pending) {
    pending = read();
    request.memo.set(key, pending);
  }
  return pending;
}
