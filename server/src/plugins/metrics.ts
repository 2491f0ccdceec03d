import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Histogram } from 'prom-client';
import type { PortalMetrics } from '../metrics.ts';

/** Records each request's duration by route and status; the management app publishes them (not this port). */
export default fp(async function requestMetrics(app: FastifyInstance, opts: { metrics: PortalMetrics }) {
  const { requestDuration } = opts.metrics;
  // prom-client checks and hashes a label set on every observation; one child per set skips the building.
  const children = new Map<string, Histogram.Internal<'method' | 'route' | 'status_code'>>();
  app.addHook('onResponse', (request, reply, done) => {
    const method = request.method;
    const route = request.routeOptions.url ?? 'unmatched';
    const status = reply.statusCode;
    const key = `${method} ${status} ${route}`;
    let child = children.get(key);
    if (!child) {
      child = requestDuration.labels({ method, route, status_code: status });
      children.set(key, child);
    }
    child.observe(reply.elapsedTime / 1000);
    done();
  });
});
