import fp from 'fastify-plugin';
import { ScoringWorker } from '../services/scoringJobs';

declare module 'fastify' {
  interface FastifyInstance {
    /** the scoring jobs worker of this server (server/services/scoringJobs.ts) */
    scoringJobs: ScoringWorker;
  }
}

/** Starts the scoring worker when the server is ready and stops it (leaving its job to others) when it closes. */
export default fp(
  async (app) => {
    const worker = new ScoringWorker(app.db, app.log);
    app.decorate('scoringJobs', worker);
    app.addHook('onReady', async () => worker.start());
    app.addHook('onClose', async () => worker.stop());
  },
  { name: 'scoring-jobs' },
);
