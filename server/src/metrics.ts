import { Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { Deps } from './deps.ts';
import type { BudgetView } from './domain/swc-budget.ts';
import { budgetStatus } from './services/swcombine/budget.ts';

/** One process's Prometheus metrics: the main app records into them, the management app publishes them. */
export interface PortalMetrics {
  registry: Registry;
  requestDuration: Histogram<'method' | 'route' | 'status_code'>;
}

export function createMetrics(deps: Pick<Deps, 'db' | 'clock' | 'config'>): PortalMetrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const requestDuration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'HTTP request duration by route and status',
    labelNames: ['method', 'route', 'status_code'] as const,
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
        const status = await budgetStatus(deps).catch(() => null);
        if (status) this.set(pick(status));
      },
    });
  budgetGauge('swc_budget_limit', 'SWCombine web-service requests allowed per window', (s) => s.limit);
  budgetGauge(
    'swc_budget_remaining',
    'SWCombine web-service requests left in the current window, all replicas together',
    (s) => s.remaining,
  );
  return { registry, requestDuration };
}
