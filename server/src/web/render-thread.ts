import type { ServerRenderBundle, ServerRenderInput } from '@portal/contract';
import type { FastifyBaseLogger } from 'fastify';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';

type Rendered = Awaited<ReturnType<ServerRenderBundle['renderPage']>>;
type Reply = { id: number; result?: Rendered; error?: string };

/** A render not answered by then goes out for the browser to render (the thread is restarted). */
const RENDER_TIMEOUT_MS = 3000;
/**
 * The thread's own heap: rendering makes much short-lived garbage, and this bounds what it may hold
 * (and so the process's memory); a thread that runs out is replaced.
 */
const RESOURCE_LIMITS = { maxOldGenerationSizeMb: 48, maxYoungGenerationSizeMb: 8 };

const workerFile = new URL('./render-worker.mjs', import.meta.url);

/**
 * The server-render bundle on a worker thread of its own: a render (tens of milliseconds of CPU) never
 * holds up the event loop that answers /auth/verify and the API, and its memory is bounded apart.
 */
export class RenderThread {
  readonly ready: Promise<ServerRenderBundle['pages'] | null>;
  private readonly worker: Worker;
  private readonly waiting = new Map<number, (reply: Reply) => void>();
  private nextId = 0;
  private ended = false;

  constructor(bundleFile: string, log: FastifyBaseLogger) {
    this.worker = new Worker(workerFile, {
      // A thread has a module cache of its own: a new build's thread imports the bundle that is there now.
      workerData: { bundleUrl: pathToFileURL(bundleFile).href },
      execArgv: [],
      resourceLimits: RESOURCE_LIMITS,
    });
    this.worker.unref();
    this.ready = new Promise((resolve) => {
      this.worker.once('message', (message: { pages: ServerRenderBundle['pages'] }) => {
        this.worker.on('message', (reply: Reply) => this.waiting.get(reply.id)?.(reply));
        resolve(message.pages);
      });
      this.worker.once('error', (error) => {
        log.warn({ err: error }, `the server-render thread for ${bundleFile} stopped: pages go out for the browser to render`);
        this.end();
        resolve(null);
      });
      this.worker.once('exit', () => {
        this.end();
        resolve(null);
      });
    });
  }

  get alive(): boolean {
    return !this.ended;
  }

  /** The page, or null when the bundle declined, failed, timed out or the thread is gone. */
  async render(input: ServerRenderInput): Promise<Rendered> {
    if (this.ended) return null;
    const id = this.nextId++;
    const reply = await new Promise<Reply | null>((resolve) => {
      const timer = setTimeout(() => {
        resolve(null);
        void this.stop(); // stuck: a new thread takes the next page
      }, RENDER_TIMEOUT_MS);
      this.waiting.set(id, (answer) => {
        clearTimeout(timer);
        resolve(answer);
      });
      this.worker.postMessage({ id, input });
    }).finally(() => this.waiting.delete(id));
    if (reply?.error) throw new Error(reply.error);
    return reply?.result ?? null;
  }

  async stop(): Promise<void> {
    this.end();
    await this.worker.terminate();
  }

  private end() {
    if (this.ended) return;
    this.ended = true;
    for (const answer of this.waiting.values()) answer({ id: -1 });
  }
}
