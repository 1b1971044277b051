/** Messages of the background jobs and of exports as jobs (docs/api/jobs.md). */
export const JOB_MESSAGES = {
  'app.jobs.retried': 'The job has been sent again',
  'app.exports.notReady': 'This export is not ready yet',
  'app.exports.failed': 'The export could not be written; ask for it again',
} as const;
