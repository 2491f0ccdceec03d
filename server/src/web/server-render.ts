import { SERVER_RENDER_STATE_ID, type RenderedAnswer } from '@portal/contract';
import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { stat } from 'node:fs/promises';
import { PassThrough } from 'node:stream';
import { createGzip, type Gzip } from 'node:zlib';
import { runtimeConfigOf } from '../services/runtime-config.ts';
import { RenderThread } from './render-thread.ts';

/**
 * At most this many pages wait for the render thread at once (it renders them in turn, 20-40 ms of CPU
 * each); beyond it a page goes out for the browser to render, as it would without the bundle, rather than queue.
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

/**
 * The render thread of the bundle at `file`: started at the first page, and again when a new build
 * replaced the bundle or the thread died after it had loaded (a bundle that does not load is not
 * retried until the next build).
 */
function renderThreadOf(file: string, log: FastifyBaseLogger) {
  let current: { mtime: number; thread: RenderThread; loaded: boolean } | undefined;
  const stop = async () => current?.thread.stop();
  const get = async (): Promise<RenderThread | null> => {
    const mtime = await stat(file).then(
      (s) => s.mtimeMs,
      () => null,
    );
    if (mtime === null) return null;
    if (current?.mtime === mtime && (current.thread.alive || !current.loaded)) return current.thread;
    void current?.thread.stop();
    const started = { mtime, thread: new RenderThread(file, log), loaded: false };
    void started.thread.ready.then((pages) => (started.loaded = pages !== null));
    current = started;
    return started.thread;
  };
  return { get, stop };
}

/**
 * Renders the first screens players open (the web build's server-render bundle names them: /login for
 * a guest, /dashboard for a signed-in player) so they paint as the page arrives. The page's head goes
 * out at once, so the browser fetches its stylesheets and scripts while the rest is made. The page's
 * API calls are answered here, through the same routes and with the visitor's own cookie and address,
 * and travel in the page; when they do not all answer 200 (an ended session), or the render fails, the
 * page ends unrendered and the browser does what it always did (asking for the config and the calls
 * itself). Answers false, having sent nothing, for a page it does not render.
 */
export function serverRenderer(app: FastifyInstance, bundleFile: string) {
  const renderThread = renderThreadOf(bundleFile, app.log);
  app.addHook('onClose', renderThread.stop);
  const config = runtimeConfigOf(app.deps.config);
  const publicOrigin = new URL(app.deps.config.publicUrl).origin;
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

  /** The page's markup and state, or null to leave it for the browser. */
  async function rendered(request: FastifyRequest, thread: RenderThread, pathname: string, requests: string[]): Promise<string | null> {
    try {
      const answers = await answersFor(request, requests);
      if (!answers) return null;
      // The portal's own address, never the request's Host: a forged Host must not reach a link.
      const origin = publicOrigin;
      const page = await thread.render({ pathname, origin, config, answers });
      if (!page) return null;
      return `${page.html}</div><script type="application/json" id="${SERVER_RENDER_STATE_ID}">${scriptJson(page.state)}</script>`;
    } catch (error) {
      request.log.warn({ err: error }, `${pathname} could not be rendered on the server: it goes out for the browser to render`);
      return null;
    }
  }

  return async function renderPage(
    request: FastifyRequest,
    reply: FastifyReply,
    pathname: string,
    signedIn: boolean,
    template: string,
  ): Promise<boolean> {
    const root = template.indexOf(ROOT_ELEMENT);
    const thread = await renderThread.get();
    const page = (await thread?.ready)?.[pathname];
    if (!thread || !page || page.signedIn !== signedIn || root < 0 || rendering >= MAX_WAITING_RENDERS) return false;
    rendering++;
    // Personal (the player's apps), so private; no-cache like index.html.
    reply.header('cache-control', 'private, no-cache').type('text/html; charset=utf-8');
    const body = compressedStream(request, reply);
    void reply.send(body);
    body.write(`${template.slice(0, root).replace(CONFIG_PRELOAD, '')}<div id="root">`);
    body.flush();
    const markup = await rendered(request, thread, pathname, page.requests).finally(() => rendering--);
    body.end(`${markup ?? '</div>'}${template.slice(root + ROOT_ELEMENT.length)}`);
    return true;
  };
}

/**
 * The page's body, gzipped for a browser that accepts it (most of a rendered page's ~40 kB are
 * Mantine's CSS variables, which compress fivefold; well under a millisecond). Not brotli: its
 * per-call encoder state made the process tens of MB larger under load, for a page a few hundred
 * bytes smaller. `flush()` sends what was written so far.
 */
function compressedStream(request: FastifyRequest, reply: FastifyReply): Gzip | (PassThrough & { flush(): void }) {
  const vary = reply.getHeader('vary');
  reply.header('vary', vary ? `${String(vary)}, accept-encoding` : 'accept-encoding');
  if (/\bgzip\b/.test(request.headers['accept-encoding'] ?? '')) {
    reply.header('content-encoding', 'gzip');
    return createGzip({ level: 6 });
  }
  return Object.assign(new PassThrough(), { flush: () => {} });
}
