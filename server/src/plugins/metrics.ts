import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { BudgetView } from '../domain/swc-budget.ts';
import { budgetStatus } from '../services/swc-budget.ts';

export default fp(async function metrics(app: FastifyInstance) {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const duration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'HTTP request duration by route and status',
    labelNames: ['method', 'route', 'status_code'],
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
    registers: [registry],
  });
  // Read at each scrape from the row every replica shares; a database that does not answer leaves the last value.
  const budgetGauge = (name: string, help: string, pick: (s: BudgetView) => number) =>
    new Gauge({
      name,
      help,
      registers: [registry],
      async collect() {
        const status = await budgetStatus(app.deps).catch(() => null);
        if (status) this.set(pick(status));
      },
    });
  budgetGauge('swc_budget_limit', 'SWCombine web-service requests allowed per window', (s) => s.limit);
  budgetGauge(
    'swc_budget_remaining',
    'SWCombine web-service requests left in the current window, all replicas together',
    (s) => s.remaining,
  );
  // prom-client checks and hashes a label set on every observation; one child per set skips the building.
  const children = new Map<string, Histogram.Internal<string>>();
  app.addHook('onResponse', (request, reply, done) => {
    const method = request.method;
    const route = request.routeOptions.url ?? 'unmatched';
    const status = reply.statusCode;
    const key = `${method} ${status} ${route}`;
    let child = children.get(key);
    if (!child) {
      child = duration.labels({ method, route, status_code: status });
      children.set(key, child);
    }
    child.observe(reply.elapsedTime / 1000);
    done();
  });
  app.get('/metrics', { schema: { hide: true } }, async (_request, reply) => {
    reply.type(registry.contentType);
    return registry.metrics();
  });
});
