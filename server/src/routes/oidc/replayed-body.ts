import { IncomingMessage } from 'node:http';

/**
 * The request again, with the body the route already read: the protocol library reads the body
 * itself, from a stream. Same method, address and headers.
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
