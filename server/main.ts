import cluster from 'node:cluster';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import closeWithGrace from 'close-with-grace';
import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { runPrimary, workerNumber, workersFromEnv } from './cluster';
import { openConfiguredDatabase } from './db/open';
import { seedDemo } from './seed/demo';
import { startupBanner } from './startup';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

async function main() {
  const config = loadConfig();
  // WORKERS=N above 1: this process is the primary of N workers sharing the port (server/cluster.ts)
  const workers = workersFromEnv();
  if (workers > 1 && cluster.isPrimary) {
    process.exit(await runPrimary({ workers, shutdownGraceMs: config.shutdownGraceMs }));
  }
  const worker = workerNumber();
  const database = await openConfiguredDatabase(config);
  const app = await buildApp({ config, db: database.db, consoleDir: path.join(root, 'dist') });
  const seeded = config.demo ? await seedDemo(database.db, app.storage) : false;
  // which worker answered (its number, not its pid), for the logs of a proxy in front and for the tests
  if (worker !== undefined)
    app.addHook('onRequest', async (_request, reply) => void reply.header('x-neomi-worker', worker));

  // SIGTERM or SIGINT: stop taking requests, finish those in flight, hand running jobs back, close the database, exit 0;
  // past SHUTDOWN_GRACE_MS, or on a second signal, exit 1 (docs/DEPLOY.md "Stopping a process")
  // A worker (WORKERS=N) is stopped by its primary with SIGTERM; it ignores the terminal's Ctrl-C (SIGINT reaches the
  // whole process group), which would otherwise count as the second signal and end it at once.
  if (worker !== undefined) process.on('SIGINT', () => {});
  closeWithGrace(
    { delay: config.shutdownGraceMs, logger: app.log, skip: worker === undefined ? [] : ['SIGINT'] },
    async ({ signal, err }) => {
      if (err) app.log.error({ err }, 'stopping after an uncaught error');
      else app.log.info({ signal }, 'stopping: finishing requests in flight');
      await app.close();
      await database.close();
    },
  );

  const address = await app.listen({ port: config.port, host: config.host });
  const url = address.replace('0.0.0.0', 'localhost').replace('[::]', 'localhost');
  // PORT=0 picks a free port: without PUBLIC_URL, links point at the port the server really listens on
  if (!config.publicUrlConfigured && config.port === 0) config.publicUrl = `http://localhost:${new URL(url).port}`;
  // the banner once, from the first worker (the others serve the same address)
  if (worker === undefined || worker === 1)
    process.stdout.write(startupBanner(config, { url, database: database.kind, seeded }));
}

main().catch((error) => {
  process.stderr.write(`${error instanceof ConfigError ? error.message : (error?.stack ?? error)}\n`);
  process.exit(1);
});
