import { ErrorCode } from '@portal/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { isRoutedWrite } from './cross-site-guard.ts';
import { HttpError } from './http-error.ts';

type BodyType = 'application/json' | 'application/x-www-form-urlencoded';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Media types this route accepts as a request body; UTF-8 JSON only when unset. */
    bodyTypes?: readonly BodyType[];
  }
}

const JSON_ONLY: readonly BodyType[] = ['application/json'];
const UTF8 = new Set(['utf-8', 'utf8']);

const unsupported = (message: string) => new HttpError(415, ErrorCode.UnsupportedMediaType, message);

function hasBody(request: FastifyRequest): boolean {
  const length = request.headers['content-length'];
  return request.headers['transfer-encoding'] !== undefined || (length !== undefined && length !== '0');
}

/** The charset parameter; a second one is a refusal: parsers disagree on which of two counts. */
function charsetOf(params: string[]): string | undefined | HttpError {
  const charsets = params
    .map((param) => param.split('='))
    .filter(([name]) => name?.trim().toLowerCase() === 'charset')
    .map(([, value = '']) => value.trim().replace(/^"|"$/g, '').toLowerCase());
  if (charsets.length > 1) return unsupported('The Content-Type names its charset more than once; name it once, as UTF-8.');
  return charsets[0];
}

/** Why this body is refused, or undefined when the route accepts it. */
function refusal(request: FastifyRequest): HttpError | undefined {
  const accepted = request.routeOptions.config.bodyTypes ?? JSON_ONLY;
  const expected = accepted.join(' or ');
  const header = request.headers['content-type'];
  if (!header) return unsupported(`The request body has no Content-Type; send ${expected}.`);
  const [type = '', ...params] = header.split(';');
  const mediaType = type.trim().toLowerCase();
  if (!(accepted as readonly string[]).includes(mediaType)) {
    return unsupported(`Content-Type ${mediaType || header} is not accepted here; send ${expected}.`);
  }
  const charset = charsetOf(params);
  if (charset instanceof HttpError) return charset;
  if (charset !== undefined && !UTF8.has(charset)) return unsupported(`Charset ${charset} is not accepted; send the body as UTF-8.`);
  return undefined;
}

/**
 * Request bodies are UTF-8 JSON unless the matched route says otherwise (config.bodyTypes): a
 * form or text/plain body, which any web page can send without a CORS preflight, never reaches
 * a handler that did not ask for it. Checked before the body is read.
 */
export default fp(async function bodyTypeGuard(app: FastifyInstance) {
  // Callback style: a read (most requests) passes without a promise.
  app.addHook('onRequest', (request, _reply, done) => {
    done(isRoutedWrite(request) && hasBody(request) ? refusal(request) : undefined);
  });
});
