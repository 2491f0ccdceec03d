import type { FastifyRequest } from 'fastify';

/** Query parameters that carry credentials: OAuth codes and states, and tokens of any kind. */
const SECRET_PARAMS = new Set(['code', 'state', 'token', 'access_token', 'id_token', 'refresh_token', 'subject_token', 'logout_token']);

export const REDACTED = '[redacted]';

/** The URL with the values of credential-carrying query parameters replaced; everything else as sent. */
export function redactUrl(url: string): string {
  const q = url.indexOf('?');
  if (q === -1) return url;
  const query = url
    .slice(q + 1)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      const name = eq === -1 ? pair : pair.slice(0, eq);
      let decoded = name;
      try {
        decoded = decodeURIComponent(name.replace(/\+/g, ' '));
      } catch {
        // a malformed name is logged as sent
      }
      return eq !== -1 && SECRET_PARAMS.has(decoded.toLowerCase()) ? `${name}=${REDACTED}` : pair;
    })
    .join('&');
  return `${url.slice(0, q)}?${query}`;
}

/** Fastify's request serializer, with the URL's secrets redacted. */
export function serializeRequest(req: FastifyRequest) {
  return {
    method: req.method,
    url: redactUrl(req.url),
    host: req.host,
    remoteAddress: req.ip,
    remotePort: req.socket?.remotePort,
  };
}

/** How the HTTP servers are told to log: off, on at info, or these options. */
export type LoggerOption =
  boolean | { level: string; transport?: { target: string; options?: object }; stream?: { write(line: string): void } };

/** Fastify's logger option for `option`, with the redacting request serializer. */
export function redactingLogger(option: LoggerOption | undefined) {
  if (!option) return false;
  return { ...(option === true ? { level: 'info' } : option), serializers: { req: serializeRequest } };
}
