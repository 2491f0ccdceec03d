import { LogController, type FastifyBaseLogger, type FastifyReply, type FastifyRequest } from 'fastify';

/** Query parameters that carry credentials: OAuth codes and states, and tokens of any kind. */
const SECRET_PARAMS = new Set(['code', 'state', 'token', 'access_token', 'id_token', 'refresh_token', 'subject_token', 'logout_token']);

const REDACTED = '[redacted]';

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
function serializeRequest(req: FastifyRequest) {
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
  | boolean
  | {
      level: string;
      transport?: { target: string; options?: object };
      stream?: { write(line: string): void };
      /** One line per request (`GET /api/me 200 3 ms`) instead of Fastify's two (`incoming request`, `request completed`). */
      requestLine?: boolean;
    };

/** Fastify's logger option for `option`, with the redacting request serializer. */
function redactingLogger(option: LoggerOption | undefined) {
  if (!option) return false;
  const { requestLine: _requestLine, ...pino } = option === true ? { level: 'info' } : option;
  return { ...pino, serializers: { req: serializeRequest } };
}

/** Fastify's logger is pino's, which can say whether a level writes. */
const infoEnabled = (log: FastifyBaseLogger) =>
  !('isLevelEnabled' in log) || (log as FastifyBaseLogger & { isLevelEnabled(level: string): boolean }).isLevelEnabled('info');

/** Fastify's request log as one line per answer (`GET /api/me 200 3 ms`), written when it is sent. */
class OneLinePerRequest extends LogController {
  override incomingRequest() {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply) {
    // A route that logs only above info (`logLevel`, as /auth/verify) writes no line, and builds none.
    if (!error && !infoEnabled(reply.log)) return;
    const line = `${request.method} ${redactUrl(request.url)} ${reply.statusCode} ${Math.round(reply.elapsedTime)} ms`;
    if (error) reply.log.error({ err: error }, line);
    else reply.log.info(line);
  }
}

/** Fastify's logging options for `option`: its logger, and how it logs requests. */
export function loggingOptions(option: LoggerOption | undefined) {
  const oneLine = typeof option === 'object' && option.requestLine === true;
  return { logger: redactingLogger(option), ...(oneLine ? { logController: new OneLinePerRequest() } : {}) };
}

/**
 * Development logs (NODE_ENV unset or development): one readable line per entry
 * (`[10:46:08] INFO: GET /api/me 200 3 ms`, other fields as JSON after the message) and one line per
 * request. Production and tests keep pino's JSON lines, and never load pino-pretty (about 10 MB resident).
 */
export async function developmentLogger(
  level: string,
  out: { write(text: string): void; isTTY?: boolean } = process.stdout,
): Promise<LoggerOption> {
  const { prettyFactory } = await import('pino-pretty');
  const pretty = prettyFactory({
    singleLine: true,
    ignore: 'pid,hostname,reqId',
    translateTime: 'SYS:HH:MM:ss',
    colorize: Boolean(out.isTTY),
  });
  return { level, stream: { write: (line) => out.write(pretty(line)) }, requestLine: true };
}
