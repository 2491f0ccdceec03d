import { SERVER_RENDER_STATE_ID, type RenderedAnswer, type ServerRenderBundle } from '@portal/contract';
import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { stat } from 'node:fs/promises';
import { pathToFileURL } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { runtimeConfigOf } from '../lib/runtime-config.ts';

/**
 * At most this many pages render at once (the bundle renders them in turn, ~10-30 ms each); beyond it a
 * page goes out for the browser to render, as it would without the bundle, rather than queue.
 */
const MAX_WAITING_RENDERS = 4;

const ROOT_ELEMENT = '<div id="root"></div>';
// The rendered page carries its config: the early fetch of /config.json would go unused.
const CONFIG_PRELOAD = /<link rel="preload" href="\/config\.json"[^>]*>/;

/** JSON that stays data inside a <script> element, whatever its strings hold ("</script>", "<!--"). */
function scriptJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/** The bundle at `file`, imported again when a new build replaced it. */
function bundleLoader(file: string, log: FastifyBaseLogger) {
  let loaded: { mtime: number; bundle: Promise<ServerRenderBundle | null> } | undefined;
  return async (): Promise<ServerRenderBundle | null> => {
    const mtime = await stat(file).then(
      (s) => s.mtimeMs,
      () => null,
    );
    if (mtime === null) return null;
    if (loaded?.mtime !== mtime) {
      const bundle = import(`${pathToFileURL(file).href}?build=${mtime}`).then(
        (module: ServerRenderBundle) => module,
        (error: unknown) => {
          log.warn({ err: error }, `${file} could not be loaded: pages go out for the browser to render`);
          return null;
        },
      );
      loaded = { mtime, bundle };
    }
    return loaded.bundle;
  };
}

/**
 * Renders the first screens players open (the web build's server-render bundle names them: /login for
 * a guest, /dashboard for a signed-in player) so they paint as the page arrives. The page's API calls
 * are answered here, through the same routes and with the visitor's own cookie and address, and travel
 * in the page; a page whose calls do not all answer 200 (an ended session) goes out unrendered, and the
 * browser does what it always did. Answers `template` (index.html with the page's preloads) with the
 * page in it, or undefined to send the usual page.
 */
export function serverRenderer(app: FastifyInstance, bundleFile: string) {
  const loadBundle = bundleLoader(bundleFile, app.log);
  const config = runtimeConfigOf(app.deps.config);
  let rendering = 0;

  async function answersFor(request: FastifyRequest, paths: string[]): Promise<Record<string, RenderedAnswer> | null> {
    const answers = await Promise.all(
      paths.map((url) =>
        app.inject({
          method: 'GET',
          url,
          remoteAddress: request.ip,
          headers: {
            accept: 'application/json',
            ...(request.headers.cookie ? { cookie: request.headers.cookie } : {}),
            ...(request.headers['user-agent'] ? { 'user-agent': request.headers['user-agent'] } : {}),
          },
        }),
      ),
    );
    if (answers.some((answer) => answer.statusCode !== 200)) return null;
    return Object.fromEntries(paths.map((path, i) => [path, { status: 200, body: answers[i]!.body }]));
  }

  return async function renderPage(
    request: FastifyRequest,
    pathname: string,
    signedIn: boolean,
    template: string,
  ): Promise<string | undefined> {
    if (rendering >= MAX_WAITING_RENDERS) return undefined;
    rendering++;
    try {
      const bundle = await loadBundle();
      const page = bundle?.pages[pathname];
      if (!bundle || !page || page.signedIn !== signedIn) return undefined;
      if (!template.includes(ROOT_ELEMENT)) return undefined;
      const answers = await answersFor(request, page.requests);
      if (!answers) return undefined;
      const origin = `${request.protocol}://${request.host}`;
      const rendered = await bundle.renderPage({ pathname, origin, config, answers });
      if (!rendered) return undefined;
      return template
        .replace(CONFIG_PRELOAD, '')
        .replace(
          ROOT_ELEMENT,
          `<div id="root">${rendered.html}</div><script type="application/json" id="${SERVER_RENDER_STATE_ID}">${scriptJson(rendered.state)}</script>`,
        );
    } catch (error) {
      request.log.warn({ err: error }, `${pathname} could not be rendered on the server: it goes out for the browser to render`);
      return undefined;
    } finally {
      rendering--;
    }
  };
}

/**
 * A rendered page compressed for the browser that accepts it (most of its ~40 kB are Mantine's CSS
 * variables, which compress tenfold): brotli at a fast level, else gzip; a millisecond or less.
 */
export function sendCompressed(request: FastifyRequest, reply: FastifyReply, html: string) {
  const accepted = request.headers['accept-encoding'] ?? '';
  const vary = reply.getHeader('vary');
  reply.header('vary', vary ? `${String(vary)}, accept-encoding` : 'accept-encoding');
  if (/\bbr\b/.test(accepted)) {
    return reply.header('content-encoding', 'br').send(brotliCompressSync(html, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } }));
  }
  if (/\bgzip\b/.test(accepted)) return reply.header('content-encoding', 'gzip').send(gzipSync(html, { level: 6 }));
  return reply.send(html);
}
