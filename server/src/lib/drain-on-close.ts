import type { ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';

/**
 * How long the answers in flight get once the product is asked to stop. Kubernetes and Compose allow 30 s in all,
 * and the jobs' own graceful stop (up to 10 s) comes after.
 */
export const DRAIN_DEADLINE_MS = 10_000;

/** The answer a connection is sending now, if any (Node keeps it on the socket while the request is served). */
const answerOf = (socket: Socket) => (socket as Socket & { _httpMessage?: ServerResponse | null })._httpMessage;

/**
 * Closing a server waits for each of its connections to end. Node ends the idle keep-alive ones itself, but two kinds
 * a browser holds would keep a stopping product waiting past Kubernetes' grace period: a spare connection it opened
 * ahead of need and never sent a byte on (Node counts it busy until its 60-s header timeout), and one whose request is
 * answered while the server closes (kept alive for Fastify's 72 s). On close this ends the first at once and the
 * second as soon as its answer is sent; whatever is still open at the deadline is cut.
 */
export function drainOnClose(app: FastifyInstance, deadlineMs = DRAIN_DEADLINE_MS): void {
  const open = new Set<Socket>();
  app.server.on('connection', (socket: Socket) => {
    open.add(socket);
    socket.once('close', () => open.delete(socket));
  });
  let deadline: NodeJS.Timeout | undefined;
  app.addHook('preClose', (done) => {
    for (const socket of open) {
      if (socket.bytesRead === 0) socket.destroy();
      else answerOf(socket)?.once('finish', () => socket.end());
    }
    deadline = setTimeout(() => app.server.closeAllConnections(), deadlineMs).unref();
    done();
  });
  app.addHook('onClose', (_app, done) => {
    clearTimeout(deadline);
    done();
  });
}
