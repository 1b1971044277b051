import type { z } from 'zod';
import type { reliabilityCohortOut, reliabilityReportOut } from '../../domain/schemas/reliability';
import { apiBlob, apiFetch, saveBlob } from '../http';

/** Marker reliability (docs/api/marking.md "Marker reliability"): named methods of the data provider. */
export type ReliabilityCohort = z.infer<typeof reliabilityCohortOut>;
export type ReliabilityReport = z.infer<typeof reliabilityReportOut>;

export const reliabilityMethods = {
  reliabilityCohorts: () =>
    apiFetch<{ cohorts: ReliabilityCohort[] }>('/marking/reliability/cohorts').then((a) => a.cohorts),
  reliabilityReport: (cohort: string) => apiFetch<ReliabilityReport>('/marking/reliability', { query: { cohort } }),
  /** Downloads the cohort's workbook, in the user's language. */
  exportReliability: async (cohort: string, locale: string) =>
    saveBlob(
      await apiBlob('/marking/reliability/export', { query: { cohort, locale } }),
      `marker-reliability-${cohort}.xlsx`,
    ),
};
