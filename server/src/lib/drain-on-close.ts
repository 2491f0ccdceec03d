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

/** Ends `socket` once it has sent its answers: the one under way, then any a pipelining client queued behind it. */
function endAfterAnswers(socket: Socket, answer: ServerResponse): void {
  // Node hands the connection to the next queued answer as this one finishes: look once that is done.
  answer.once('finish', () =>
    setImmediate(() => {
      const next = answerOf(socket);
      if (next && next !== answer) endAfterAnswers(socket, next);
      else socket.end();
    }),
  );
}

/**
 * Closing a server waits for each of its connections to end. Node ends the idle keep-alive ones itself, but two kinds
 * a browser holds would keep a stopping product waiting: a spare connection it opened ahead of need and never sent a
 * byte on (Node counts it busy, and holds the close for as long as the browser keeps it open), and one whose request
 * is answered while the server closes (kept alive for Fastify's 72 s). On close this ends the first at once and the
 * second as soon as its answers are sent; whatever is still open at the deadline is cut.
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
      if (socket.bytesRead === 0) {
        socket.destroy();
        continue;
      }
      const answer = answerOf(socket);
      if (answer) endAfterAnswers(socket, answer);
    }
    deadline = setTimeout(() => app.server.closeAllConnections(), deadlineMs).unref();
    done();
  });
  app.addHook('onClose', (_app, done) => {
    clearTimeout(deadline);
    done();
  });
}
