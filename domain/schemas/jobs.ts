import { z } from 'zod';
import { EXAM_LANGUAGES } from '../exams';
import { id, int } from './fields';
import { examExportSchema } from './reports';

/**
 * Background jobs for the platform admin, and exports as jobs (docs/api/jobs.md): the inputs both sides check and
 * the answers' shapes (the server's output allow-list).
 */

/** A job running longer than this is listed as long-running (docs/api/jobs.md "Failed and long jobs"). */
export const LONG_RUNNING_JOB_SECONDS = 5 * 60;
/** How long a failed job stays to be seen and retried (pg-boss's archiveFailedAfterSeconds, server/adapters/jobQueue.ts). */
export const FAILED_JOBS_KEPT_DAYS = 7;
/** The most characters of a failed job's error shown. */
export const JOB_ERROR_MAX = 300;

/** GET /background-jobs: a page of the failed and long-running jobs, newest first. */
const blankToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);
export const backgroundJobListSchema = z.object({
  limit: z.preprocess(blankToUndefined, int({ min: 1, max: 100 }).default(25)),
  offset: z.preprocess(blankToUndefined, int({ min: 0 }).default(0)),
});

export const backgroundJobParams = z.object({ id: z.uuid({ error: 'app.validation.invalid' }) });

/**
 * One job as the platform admin sees it: its queue and id, never what it carries (a mail's address and text, a
 * learner's files): `data` is not in the allow-list. The error is the message of the last try, addresses masked.
 */
export const backgroundJobOut = z.object({
  id: z.string(),
  queue: z.string(),
  state: z.enum(['failed', 'active']),
  /** tries made (failed) or the try running (active), of max_tries */
  tries: z.number(),
  max_tries: z.number(),
  created_at: z.string(),
  started_at: z.string().nullable(),
  finished_at: z.string().nullable(),
  /** seconds from start to failure, or from start to now for a running job */
  duration_seconds: z.number().nullable(),
  error: z.string().nullable(),
});
export type BackgroundJobOut = z.infer<typeof backgroundJobOut>;

export const backgroundJobListOut = z.object({
  jobs: z.array(backgroundJobOut),
  count: z.number(),
  long_running_after_seconds: z.number(),
  failed_kept_days: z.number(),
});

// ---------------------------------------------------------------- exports as jobs

export const EXPORT_KINDS = ['exam-results', 'users'] as const;
export type ExportKind = (typeof EXPORT_KINDS)[number];

const exportLocale = () =>
  z.preprocess(
    (v) => (v === 'gr' ? 'de' : blankToUndefined(v)),
    z.enum(EXAM_LANGUAGES, { error: 'app.validation.invalidChoice' }).optional(),
  );

/** POST /exports: what to export; the same inputs as the synchronous export calls. */
export const exportRequestSchema = z.discriminatedUnion(
  'kind',
  [
    examExportSchema.extend({ kind: z.literal('exam-results') }),
    z.object({ kind: z.literal('users'), locale: exportLocale() }),
  ],
  { error: 'app.validation.invalidChoice' },
);
export type ExportRequest = z.infer<typeof exportRequestSchema>;

export const exportParams = z.object({ id: id() });

export const EXPORT_STATUSES = ['pending', 'running', 'done', 'failed'] as const;

/** An export as the user who asked for it sees it: its progress in rows, and the file's name once done. */
export const exportJobOut = z.object({
  id: z.number(),
  kind: z.enum(EXPORT_KINDS),
  status: z.enum(EXPORT_STATUSES),
  total: z.number(),
  processed: z.number(),
  filename: z.string(),
  size: z.number().nullable(),
  /** a message key, when it failed */
  error: z.string().nullable(),
  created_at: z.string(),
  finished_at: z.string().nullable(),
  expires_at: z.string(),
});
export type ExportJobOut = z.infer<typeof exportJobOut>;
