import type { MessageTree } from '../../app/nest';

/**
 * The background jobs page in English (/background-jobs) and the progress of an export written by a job. The texts
 * the server answers (app.jobs.retried, app.exports.notReady, app.exports.failed) come from domain/messages/jobs.ts.
 */
export default {
  app: {
    menu: { backgroundJobs: 'Background jobs' },
    jobs: {
      help: 'Jobs that failed in the last %{days} days, and jobs running for more than %{minutes} minutes. A failed job can be sent again; a running one is taken over by another server if its server stopped. What a job carries (a mail, a learner’s files) is never shown.',
      none: 'No job has failed and none is running long.',
      retry: 'Retry',
      retryOne: 'Retry the job %{queue} %{id}',
      running: 'Running',
      triesOf: '%{tries} of %{max}',
      createdAt: 'Queued %{time}',
      seconds: '%{n} s',
      minutes: '%{n} min',
      hours: '%{n} h',
      columns: {
        queue: 'Queue',
        state: 'State',
        tries: 'Tries',
        started: 'Started',
        duration: 'Duration',
        error: 'Error',
        action: 'Action',
      },
      states: { failed: 'Failed', active: 'Running long' },
      queues: {
        mail: 'Mail',
        'password-reset': 'Password reset',
        'erase-files': 'Erasing files',
        score: 'Scoring',
        'guest-retention': 'Removing old guests',
        export: 'Export',
        'export-cleanup': 'Removing old exports',
      },
    },
    exports: {
      title: 'Preparing %{name}',
      progress: 'Progress of the export',
      waiting: 'Waiting for its turn…',
      rows: '%{processed} of %{total} rows written',
      ready: 'The file is ready.',
      kept: 'You may close this window: the file is kept for a day.',
      download: 'Download',
    },
  },
} satisfies MessageTree;
