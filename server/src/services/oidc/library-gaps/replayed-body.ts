import { IncomingMessage } from 'node:http';

/** The library's own limit on a request body (it refuses a longer one). */
export const LIBRARY_BODY_LIMIT = 56 * 1024;

/**
 * The library reads a request's body itself, from its stream (a body parsed before it is taken
 * only with a warning, and a form re-encoded). The portal reads the body first, to authenticate
 * the client at its door (routes/oidc/library-routes.ts), then hands the library this copy of the
 * request, whose stream gives the same bytes again. Same method, address and headers.
 */
export function withBody(raw: IncomingMessage, body: Buffer): IncomingMessage {
  const copy = new IncomingMessage(raw.socket);
  Object.assign(copy, {
    method: raw.method,
    url: raw.url,
    headers: raw.headers,
    rawHeaders: raw.rawHeaders,
    httpVersion: raw.httpVersion,
    httpVersionMajor: raw.httpVersionMajor,
    httpVersionMinor: raw.httpVersionMinor,
    // The whole message is here: ending it must not abort it (an aborted message destroys its socket).
    complete: true,
  });
  copy.push(body);
  copy.push(null);
  return copy;
}
