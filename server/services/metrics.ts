import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

/** One count of a background queue, by state (the queues: server/services/jobs.ts). */
export interface QueueCount {
  queue: string;
  state: string;
  count: number;
}

/**
 * The Prometheus metrics of one API process (docs/DEPLOY.md "Metrics"): its own
 * registry, so that several apps in one process (the tests) do not share counts.
 * Prometheus adds each process's `instance` label when it scrapes them one by one.
 */
export function createMetrics(options: { queueCounts: () => Promise<QueueCount[]> }) {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const requestSeconds = new Histogram({
    name: 'neomi_http_request_duration_seconds',
    help: 'Time from request to response, by method, route pattern and status',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
    registers: [registry],
  });
  const stageSubmissions = new Counter({
    name: 'neomi_stage_submissions_total',
    help: 'Test stages received: stored (201) or a resend of a stored one (200)',
    labelNames: ['outcome'] as const,
    registers: [registry],
  });
  const overloaded = new Counter({
    name: 'neomi_overload_refusals_total',
    help: 'Requests answered 503 because the process was overloaded, by cause',
    labelNames: ['cause'] as const,
    registers: [registry],
  });
  new Gauge({
    name: 'neomi_job_queue_jobs',
    help: 'Background jobs by queue and state (waiting, running, failed...), read from PostgreSQL at each scrape',
    labelNames: ['queue', 'state'] as const,
    registers: [registry],
    async collect() {
      this.reset();
      for (const { queue, state, count } of await options.queueCounts()) this.set({ queue, state }, count);
    },
  });
  return { registry, requestSeconds, stageSubmissions, overloaded };
}

export type Metrics = ReturnType<typeof createMetrics>;
