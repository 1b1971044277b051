import type { z } from 'zod';
import type {
  comparedOut,
  exportGroupOut,
  prePostOut,
  printedLearnerOut,
  studentReportOut,
} from '../../domain/schemas/reports';
import { apiBlob, apiFetch } from '../http';
import type { ResourceAdapter } from './types';

/** The reports' calls (docs/api/reports.md), as the console uses them. */

export type StudentReport = z.infer<typeof studentReportOut>;
export type ComparedMeasure = z.infer<typeof comparedOut>;
export type Means = StudentReport['challenges'][number]['average'];
export type PrePost = z.infer<typeof prePostOut>;
export type Change = PrePost['overall']['measures'][number];
export type ExportGroup = z.infer<typeof exportGroupOut>;
export type PrintedLearner = z.infer<typeof printedLearnerOut>;
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
