import cluster, { type Worker } from 'node:cluster';
import { ConfigError } from './config';

/**
 * `WORKERS=N` (docs/DEPLOY.md "Several processes on one machine"): server/main.ts as a primary process that forks N
 * worker processes of itself with node:cluster. The workers share the one listening port (the primary hands each
 * new connection to the next worker in turn); each is a whole API process with its own database pool and job
 * workers, so everything they share lives in PostgreSQL, as between processes on different machines. The primary
 * serves nothing: it starts the workers one after the other (the first migrates and seeds, the others find it done),
 * starts a new one in place of a worker that dies unexpectedly, and on SIGTERM or SIGINT has every worker stop
 * gracefully (each finishes its requests in flight: server/main.ts) and exits 0 once all have, 1 if one did not.
 */

export const MAX_WORKERS = 64;

/** WORKERS from the environment: 1 when unset; a clear ConfigError when it is not 1–64, or above 1 without DATABASE_URL. */
export function workersFromEnv(env: NodeJS.ProcessEnv = process.env): number {
  const raw = env.WORKERS?.trim();
  if (!raw) return 1;
  const n = /^\d+$/.test(raw) ? Number(raw) : Number.NaN;
  if (!(n >= 1 && n <= MAX_WORKERS)) {
    throw new ConfigError(
      `Invalid configuration:\n  WORKERS: a whole number from 1 to ${MAX_WORKERS} (API processes on this machine), not "${raw}"`,
    );
  }
  if (n > 1 && !env.DATABASE_URL) {
    throw new ConfigError(
      'Invalid configuration:\n  WORKERS: above 1 needs DATABASE_URL (a PostgreSQL server). The embedded database ' +
        '(PGlite) lives inside one process and cannot be shared: without DATABASE_URL, run one process (WORKERS=1).',
    );
  }
  return n;
}

/** The number of this worker (1, 2, …; a replacement gets the next one), or undefined outside a cluster. */
export const workerNumber = (): number | undefined => (cluster.isWorker ? cluster.worker?.id : undefined);

interface Log {
  info(message: string): void;
  error(message: string): void;
}

const stderrLog: Log = {
  info: (message) => process.stderr.write(`${JSON.stringify({ level: 30, time: Date.now(), msg: message })}\n`),
  error: (message) => process.stderr.write(`${JSON.stringify({ level: 50, time: Date.now(), msg: message })}\n`),
};

/**
 * Runs the primary: forks `workers` workers and keeps them running until a signal stops them. Resolves with the exit
 * code (0 when every worker stopped cleanly). A worker that dies before it has ever listened (a start-up failure:
 * bad settings, database unreachable) stops everything with 1 rather than being started again in a loop.
 */
export function runPrimary(options: { workers: number; shutdownGraceMs: number; log?: Log }): Promise<number> {
  const log = options.log ?? stderrLog;
  let stopping = false;
  let failed = false;
  const listening = new Set<Worker>();

  return new Promise<number>((resolve) => {
    const live = () => Object.values(cluster.workers ?? {}).filter((w): w is Worker => !!w && !w.isDead());
    const finishIfDone = () => {
      if (stopping && live().length === 0) resolve(failed ? 1 : 0);
    };

    /** Forks one worker and waits until it listens (true) or dies first (false). */
    const fork = () =>
      new Promise<boolean>((started) => {
        const worker = cluster.fork();
        worker.once('listening', () => {
          listening.add(worker);
          started(true);
        });
        worker.once('exit', (code, signal) => {
          const wasListening = listening.delete(worker);
          if (!wasListening) started(false);
          if (stopping) {
            if (code !== 0) failed = true;
            finishIfDone();
            return;
          }
          if (!wasListening) {
            log.error(`worker ${worker.id} stopped while starting (code ${code}, signal ${signal}): stopping`);
            failed = true;
            stop('SIGTERM');
            return;
          }
          log.error(
            `worker ${worker.id} (pid ${worker.process.pid}) died (code ${code}, signal ${signal}): starting another`,
          );
          void fork();
        });
      });

    let graceTimer: NodeJS.Timeout | undefined;
    const stop = (signal: NodeJS.Signals) => {
      if (!stopping) log.info(`${signal}: stopping ${live().length} workers`);
      stopping = true;
      // each worker finishes its requests in flight (close-with-grace, server/main.ts); a second signal makes
      // them exit at once, as it does a single process
      for (const worker of live()) worker.process.kill('SIGTERM');
      // a worker stuck past its own grace period is ended
      graceTimer ??= setTimeout(() => {
        for (const worker of live()) {
          log.error(`worker ${worker.id} did not stop within SHUTDOWN_GRACE_MS: killing it`);
          failed = true;
          worker.process.kill('SIGKILL');
        }
      }, options.shutdownGraceMs + 5000);
      graceTimer.unref();
      finishIfDone();
    };
    process.on('SIGTERM', () => stop('SIGTERM'));
    process.on('SIGINT', () => stop('SIGINT'));

    // one after the other: the first one migrates the database (and seeds the demo), the next ones find it done
    void (async () => {
      for (let i = 0; i < options.workers && !stopping; i++) {
        if (!(await fork())) return;
      }
      if (!stopping) log.info(`${options.workers} workers listening`);
    })();
  });
}
