import type { Degree, EffectSizeBand, Measure } from '../../domain/reports';
import { apiBlob, apiFetch } from '../http';
import type { ResourceAdapter } from './types';

/** The reports' calls (docs/api/reports.md), as the console uses them. */

export interface ComparedMeasure {
  measure: Measure;
  score: number;
  mean: number | null;
  sd: number | null;
  max: number | null;
  takers: number;
  degree: Degree;
  percentile: number | null;
}
export interface Means {
  takers: number;
  fluency: number | null;
  flexibility: number | null;
  originality: number | null;
  total: number | null;
}
export interface StudentReport {
  student: { id: number; name: string; gender: number | null; birthdate: string | null; age: number | null };
  exam_type: number;
  challenge: number | null;
  status: 'scored' | 'not_scored' | 'not_taken';
  test_date: string | null;
  takers: number;
  measures: ComparedMeasure[];
  challenges: {
    challenge: number;
    fluency: number;
    flexibility: number;
    originality: number;
    total: number;
    average: Means;
  }[];
  confirmation: { confirmed_at: string; confirmed_by: string | null; outdated: boolean } | null;
}
export interface Change {
  measure: Measure;
  n: number;
  pre_mean: number | null;
  post_mean: number | null;
  mean_change: number | null;
  sd_change: number | null;
  effect_size: number | null;
  band: EffectSizeBand | null;
}
export interface PrePost {
  students: {
    student_id: number;
    name: string;
    measures: { measure: Measure; pre: number; post: number; change: number }[];
  }[];
  count: number;
  overall: { n: number; measures: Change[] };
  groups: { id: number; name: string; n: number; measures: Change[] }[];
}
export interface ExportGroup {
  id: number;
  name: string;
  school_id: number | null;
  pre_takers: number;
  post_takers: number;
}
export interface PrintedLearner {
  student_id: number;
  name: string;
  exam_type: number;
  challenge: number;
  test_date: string | null;
  scores: { fluency: number; flexibility: number; originality: number; total: number } | null;
  questions: {
    question_id: number;
    stage: number;
    text: string;
    answers: {
      answer: string;
      status: string | null;
      category: string | null;
      subcategory: string | null;
      points: number | null;
    }[];
  }[];
}
export interface PrintRequest {
  group_id?: number;
  student_id?: number;
  exam_type: number;
  challenge_no?: number;
  kind: 'exam' | 'corrected';
  locale: string;
}

const printPath = (r: PrintRequest) =>
  r.group_id ? '/users/print/group/users/answers/all' : '/users/print/group/users/answers';

export const reportMethods = {
  studentReport: (studentId: number | string, examType: number | string) =>
    apiFetch<StudentReport>(`/reports/student/${studentId}/${examType}`),
  guestReport: (token: string, examType: number | string) =>
    apiFetch<StudentReport>(`/guest-report/${encodeURIComponent(token)}`, { query: { exam_type: examType } }),
  prePost: (filter: Record<string, unknown>) =>
    apiFetch<PrePost>('/reports/pre-post', { method: 'POST', body: filter }),
  exportGroups: () => apiFetch<{ groups: ExportGroup[] }>('/exam-export/groups'),
  examExport: (groupId: number, examType: number, challenge: number | undefined, locale: string) =>
    apiBlob('/exam-export', { query: { group_id: groupId, exam_type: examType, challenge_no: challenge, locale } }),
  printData: (r: PrintRequest) =>
    apiFetch<{ kind: 'exam' | 'corrected'; learners: PrintedLearner[] }>(printPath(r), {
      method: 'POST',
      body: { ...r, format: 'json' },
    }),
  printPdf: (r: PrintRequest) => apiBlob(printPath(r), { method: 'POST', body: { ...r, format: 'pdf' } }),
  sendExamReport: (studentId: number, examType: number) =>
    apiFetch<{ message: string; key?: string }>('/report', {
      method: 'POST',
      body: { student_id: studentId, exam_type: examType },
    }),
};

export const reportAdapters: Record<string, ResourceAdapter> = {};
