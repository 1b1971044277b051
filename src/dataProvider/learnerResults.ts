import type { z } from 'zod';
import { SCORE_ORDERABLE } from '../../domain/schemas/reports';
import type {
  cohortReportOut,
  confirmationOut,
  foundLearnerOut,
  learnerScoresOut,
  scoredAnswerOut,
  scoredQuestionOut,
  scoredTestOut,
  testCountsOut,
} from '../../domain/schemas/reports';
import { apiFetch } from '../http';
import type { ResourceAdapter } from './types';

/**
 * The learner results screens' calls (docs/api/reports.md "Score calls", "Cohort
 * reports"): /score, /score/review/:exam_type/:id, /search/user, /exam/report.
 */

export type Confirmation = z.infer<typeof confirmationOut>;
export type TestCounts = z.infer<typeof testCountsOut>;
export type ScoredAnswer = z.infer<typeof scoredAnswerOut>;
export type ScoredQuestion = z.infer<typeof scoredQuestionOut>;
export type ScoredTest = z.infer<typeof scoredTestOut>;
export type LearnerScores = z.infer<typeof learnerScoresOut>;
export type FoundLearner = z.infer<typeof foundLearnerOut>;
export type CohortReport = z.infer<typeof cohortReportOut>;
export type CohortStats = CohortReport['measures'][number];
export type CohortMeans = Omit<CohortReport['by_challenge'][number], 'challenge'>;
/** POST /exam/report's filters (absent: not filtered). */
export interface CohortFilter {
  exam_type: number;
  challenge?: number;
  region_id?: number;
  school_id?: number;
  group_id?: number;
  gender?: number;
  age_group?: number;
  from?: string;
  to?: string;
}

export const learnerResultMethods = {
  usersCount: () => apiFetch<{ tests: TestCounts[] }>('/usersCount'),
  learnerScores: (studentId: number | string, examType: number | string) =>
    apiFetch<LearnerScores>('/answers/get/user/exam/score', {
      method: 'POST',
      body: { student_id: Number(studentId), exam_type: Number(examType) },
    }),
  confirmScore: (studentId: number, examType: number) =>
    apiFetch<{ message: string; key: string; confirmation: Confirmation }>('/confirm/score', {
      method: 'POST',
      body: { student_id: studentId, exam_type: examType },
    }),
  /**
   * The user search (POST /search/user): its `data` must be a list; any other answer (a proxy's page, an object, a
   * changed API) fails with 'Unexpected response format' (app.score.search.unexpectedFormat) rather than showing
   * nothing or breaking the page.
   */
  searchLearners: async (text: string): Promise<{ data: FoundLearner[] }> => {
    const answer = await apiFetch<unknown>('/search/user', { method: 'POST', body: { search_text: text } });
    const data = (answer as { data?: unknown } | null)?.data;
    if (!Array.isArray(data)) throw new UnexpectedResponseError();
    return { data: data as FoundLearner[] };
  },
  cohortReport: (filter: CohortFilter) => apiFetch<CohortReport>('/exam/report', { method: 'POST', body: filter }),
};

/** An answer whose shape is not the one the call promises; its `body.key` is the translated message. */
export class UnexpectedResponseError extends Error {
  readonly body = { key: 'app.score.search.unexpectedFormat', message: 'Unexpected response format' };
  constructor() {
    super('Unexpected response format');
    this.name = 'UnexpectedResponseError';
  }
}

/** answers/countSorted rows are learners: react-admin's id is the learner's. */
export const learnerResultAdapters: Record<string, ResourceAdapter> = {
  scores: {
    list: {
      method: 'POST',
      path: '/answers/countSorted',
      key: 'data',
      orderable: SCORE_ORDERABLE,
      toRecord: (row) => ({ ...row, id: row.student_id as number }),
    },
  },
};
