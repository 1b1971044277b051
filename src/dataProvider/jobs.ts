import type { BackgroundJobOut, ExportJobOut, ExportRequest } from '../../domain/schemas/jobs';
import { apiBlob, apiFetch, saveBlob } from '../http';

/** A page of the failed and long-running jobs (GET /background-jobs, docs/api/jobs.md). */
export interface BackgroundJobPage {
  jobs: BackgroundJobOut[];
  count: number;
  long_running_after_seconds: number;
  failed_kept_days: number;
}

/** The background jobs for the platform admin, and exports as jobs (docs/api/jobs.md). */
export const jobMethods = {
  backgroundJobs: (page: { limit: number; offset: number }) =>
    apiFetch<BackgroundJobPage>('/background-jobs', { query: page }),
  retryBackgroundJob: (id: string) =>
    apiFetch<{ message: string; key: string }>(`/background-jobs/${encodeURIComponent(id)}/retry`, {
      method: 'POST',
      body: {},
    }),
  /** Asks for an export: done at once when small, else a job to follow with `exportJob`. */
  requestExport: (input: ExportRequest) =>
    apiFetch<{ export: ExportJobOut }>('/exports', { method: 'POST', body: input }).then((a) => a.export),
  exportJob: (id: number) => apiFetch<{ export: ExportJobOut }>(`/exports/${id}`).then((a) => a.export),
  /** Saves a finished export's file under its name. */
  downloadExport: async (job: Pick<ExportJobOut, 'id' | 'filename'>) =>
    saveBlob(await apiBlob(`/exports/${job.id}/file`), job.filename),
};
