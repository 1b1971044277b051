import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { readiness } from '../services/readiness';

const healthOut = z.object({ status: z.literal('ok') });
const readyOut = z.object({
  status: z.enum(['ready', 'unavailable']),
  checks: z.object({ database: z.boolean(), storage: z.boolean() }),
});

/**
 * For load balancers and orchestrators (docs/DEPLOY.md "Health"): /health says the process is alive, /ready that it
 * can serve (its database and file storage answer). Both answer even when the process is overloaded.
 */
export const operationsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/health',
    {
      config: { access: 'public', pressureExempt: true },
      schema: { tags: ['operations'], response: { 200: healthOut } },
    },
    async () => ({ status: 'ok' as const }),
  );

  app.get(
    '/ready',
    {
      config: { access: 'public', pressureExempt: true },
      schema: { tags: ['operations'], response: { 200: readyOut, 503: readyOut } },
    },
    async (_request, reply) => {
      const checks = await readiness({ db: app.db, storage: app.storage });
      const ready = checks.database && checks.storage;
      return reply.code(ready ? 200 : 503).send({ status: ready ? 'ready' : 'unavailable', checks });
    },
  );
};
