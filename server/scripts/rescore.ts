/**
 * Rescores every test's word answers: `npm run rescore` (or `npm run rescore -- --set <id>` for one
 * category set). Queues the same job as the console's "Rescore every test" (a row of scoring_jobs and its
 * steps on the job queue), works its steps here, one question per transaction, printing the progress, and
 * follows it when a running server works it. Uses DATA_DIR or DATABASE_URL like the server.
 * Exit codes: 0 done, 1 failed, 2 usage.
 */
import { eq } from 'drizzle-orm';
import { createJobQueue } from '../adapters/jobQueue';
import { ConfigError, loadConfig } from '../config';
import { openConfiguredDatabase } from '../db/open';
import { scoringJobs } from '../db/schema';
import { createJobs } from '../services/jobs';
import { createScoringJobs, enqueueScoring } from '../services/scoringJobs';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function main() {
  const args = process.argv.slice(2);
  const setArg = args[0] === '--set' ? Number(args[1]) : undefined;
  if (
    (args.length && args[0] !== '--set') ||
    (args[0] === '--set' && (!Number.isInteger(setArg) || setArg! <= 0 || args.length !== 2))
  ) {
    process.stderr.write('usage: npm run rescore [-- --set <set id>]\n');
    process.exit(2);
  }
  const config = loadConfig();
  const database = await openConfiguredDatabase(config);
  const db = database.db;
  const log = { info: () => {}, error: (o: object, msg: string) => process.stderr.write(`rescore: ${msg}\n`) };
  try {
    const jobId = await enqueueScoring(db, setArg ? { scope: 'set', targetId: setArg } : { scope: 'all' });
    // this process works the `score` queue alone (a server's workers may take steps too)
    const boss = createJobQueue(db, config.jobs);
    const queue = createJobs(boss, { score: (data, attempt) => scoring.work(data, attempt) }, log, config.jobs);
    const scoring = createScoringJobs(db, () => queue, log);
    await queue.start();
    let last = '';
    const report = async () => {
      const [job] = await db.select().from(scoringJobs).where(eq(scoringJobs.id, jobId));
      const line = `rescore: job ${job.id} ${job.status}, ${job.processed}/${job.total} questions, ${job.answers} answers`;
      if (line !== last) process.stdout.write(`${line}\n`);
      last = line;
      return job;
    };
    const working = scoring.drain();
    let job = await report();
    for (;;) {
      const finished = await Promise.race([working.then(() => true), sleep(500).then(() => false)]);
      job = await report();
      if (job.status === 'done' || job.status === 'failed') break;
      // taken by a running server: follow its progress
      if (finished) await sleep(500);
    }
    await working;
    await queue.stop(config.shutdownGraceMs);
    if (job.status === 'failed') {
      process.stderr.write(`rescore: failed: ${job.error}\n`);
      process.exitCode = 1;
    }
  } finally {
    await database.close();
  }
}

main().catch((error) => {
  process.stderr.write(`${error instanceof ConfigError ? error.message : (error?.stack ?? error)}\n`);
  process.exit(1);
});
