import { timingSafeEqual } from 'node:crypto';
import fp from 'fastify-plugin';
import underPressure from '@fastify/under-pressure';
import { AppError } from '../errors';
import { createMetrics, type Metrics } from '../services/metrics';
import { backgroundJobCounts, scoringJobCounts } from '../repositories/jobQueues';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** answered even when the server is overloaded (the health calls and /metrics) */
    pressureExempt?: true;
  }
  interface FastifyInstance {
    /** this process's Prometheus metrics (server/services/metrics.ts) */
    metrics: Metrics;
  }
}

const sameToken = (given: string, expected: string) => {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
};

/**
 * What an operator needs of every API process (docs/DEPLOY.md "Operations"):
 * - overload answered at once with 503, `Retry-After` and a translated message (@fastify/under-pressure), never an
 *   unbounded queue; the health calls answer even then, so a load balancer can tell "busy" from "gone";
 * - Prometheus metrics at GET /metrics (prom-client), only with the bearer token METRICS_TOKEN: without the token
 *   configured the route does not exist, and a wrong or missing token is a 404 like any unknown address.
 */
export default fp(
  async (app) => {
    const { overload, metricsToken } = app.config;
    const metrics = createMetrics({
      queueCounts: async () => [...(await backgroundJobCounts(app.db)), ...(await scoringJobCounts(app.db))],
    });
    app.decorate('metrics', metrics);

    await app.register(underPressure, {
      maxEventLoopDelay: overload.maxEventLoopDelayMs,
      maxEventLoopUtilization: overload.maxEventLoopUtilization,
      sampleInterval: overload.sampleIntervalMs,
      retryAfter: overload.retryAfterSeconds,
      // the share of the last sample interval, not of the time since start (under-pressure's default)
      eventLoopUtilizationMode: 'interval',
      // async: under-pressure hands a rejected promise to the error handler (our {message, key} answer)
      pressureHandler: async (request, reply, type) => {
        if (request.routeOptions.config.pressureExempt) return;
        metrics.overloaded.inc({ cause: type });
        reply.header('retry-after', String(overload.retryAfterSeconds));
        throw new AppError(503, 'app.errors.busy');
      },
    });

    // once the process is told to stop, each answer closes its connection: a connection busy when the signal came
    // would otherwise be kept open for the next request (nginx keeps its connections to the API), and the process
    // would wait for it until SHUTDOWN_GRACE_MS and exit 1 (docs/DEPLOY.md "Stopping a process")
    let closing = false;
    app.addHook('preClose', async () => {
      closing = true;
    });
    app.addHook('onSend', async (_request, reply) => {
      if (closing) reply.header('connection', 'close');
    });

    app.addHook('onResponse', async (request, reply) => {
      const route = request.routeOptions.url;
      // unknown addresses share one label: a scan must not grow the metrics without bound
      metrics.requestSeconds.observe(
        { method: request.method, route: route ?? 'unknown', status: String(reply.statusCode) },
        reply.elapsedTime / 1000,
      );
    });

    if (metricsToken) {
      app.get(
        '/metrics',
        { config: { access: 'public', pressureExempt: true }, schema: { hide: true } },
        async (request, reply) => {
          const [scheme, token] = (request.headers.authorization ?? '').split(' ');
          if (scheme !== 'Bearer' || !token || !sameToken(token, metricsToken)) return reply.callNotFound();
          reply.header('content-type', metrics.registry.contentType);
          return metrics.registry.metrics();
        },
      );
    }
  },
  { name: 'operations' },
);
