import type { Measure } from '../../domain/reports';
import { SCORE_ORDERABLE } from '../../domain/schemas/reports';
import { apiFetch } from '../http';
import type { ResourceAdapter } from './types';

/**
 * The learner results screens' calls (docs/api/reports.md "Score calls", "Cohort
 * reports"): /score, /score/review/:exam_type/:id, /search/user, /exam/report.
 */

export interface Confirmation {
  confirmed_at: string;
  confirmed_by: string | null;
  outdated: boolean;
}
export interface TestCounts {
  exam_type: number;
  takers: number;
  scored: number;
  confirmed: number;
}
export interface ScoredAnswer {
  id: number;
  answer: string;
  status: string | null;
  category: string | null;
  subcategory: string | null;
  points: number | null;
}
export interface ScoredQuestion {
  question_id: number;
  challenge: number;
  stage: number;
  text: Record<string, string>;
  fluency: number;
  flexibility: number;
  originality: number;
  originality_per_answer: number;
  takers: number;
  scored_at: string;
  answers: ScoredAnswer[];
}
export interface ScoredTest {
  exam_type: number;
  fluency: number;
  flexibility: number;
  originality: number;
  total: number;
  confirmation: Confirmation | null;
  questions: ScoredQuestion[];
}
export interface LearnerScores {
  student: { id: number; name: string };
  tests: ScoredTest[];
}
export interface FoundLearner {
  student_id: number;
  name: string;
  parent: string | null;
  tests: number[];
}
export interface CohortStats {
  measure: Measure;
  n: number;
  mean: number | null;
  sd: number | null;
  min: number | null;
  max: number | null;
  median: number | null;
  p25: number | null;
  p75: number | null;
  programme_mean: number | null;
  programme_sd: number | null;
  above: number;
  average: number;
  below: number;
}
export interface CohortMeans {
  takers: number;
  fluency: number | null;
  flexibility: number | null;
  originality: number | null;
  total: number | null;
}
export interface CohortReport {
  exam_type: number;
  challenge: number | null;
  takers: number;
  programme_takers: number;
  measures: CohortStats[];
  histogram: { total: number; count: number }[];
  by_challenge: (CohortMeans & { challenge: number })[];
  breakdown: { level: 'region' | 'school' | 'group' | null; rows: (CohortMeans & { id: number; name: string })[] };
}
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
  searchLearners: (text: string) =>
    apiFetch<{ data: FoundLearner[] }>('/search/user', { method: 'POST', body: { search_text: text } }),
  cohortReport: (filter: CohortFilter) => apiFetch<CohortReport>('/exam/report', { method: 'POST', body: filter }),
};

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
