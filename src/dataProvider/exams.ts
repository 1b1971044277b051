import type { Identifier } from 'react-admin';
import { GUEST_ORDERABLE, TAKER_ORDERABLE } from '../../domain/schemas/exams';
import { apiFetch } from '../http';
import type { ResourceAdapter } from './types';

/** The Neomi test (docs/api/exams.md): shapes, the list adapters and the named actions. */

export type LocalText = { ar: string; en: string; de: string; fr: string };
export interface QuestionOption {
  key: string;
  text: LocalText;
}
export interface FileRef {
  id: number;
  url: string;
}
export interface Question {
  id: number;
  exam_type: number;
  challenge: number;
  stage: number;
  kind: string;
  text: LocalText;
  options: QuestionOption[];
  allow_other: boolean;
  position: number;
  image: FileRef | null;
  model: FileRef | null;
}
export type QuestionsByStage = Record<string, Question[]>;
export type ExamStatus = 'not_started' | 'open' | 'finished' | 'time_over';
export interface Exam {
  id: number | null;
  student_id: number;
  exam_type: number;
  challenge: number;
  status: ExamStatus;
  submitted_stages: number[];
  current_stage: number;
  started_at: string | null;
  finished_at: string | null;
  duration: number;
  remaining_seconds: number;
  server_time: string;
}
export interface Answer {
  id: number;
  question_id: number;
  exam_type: number;
  challenge: number;
  stage: number;
  position: number;
  source: 'option' | 'text' | 'other';
  option_key: string | null;
  answer: string;
  language: string;
  score: number | null;
  created_at: string;
}
export interface StageFile {
  id: number;
  kind: string;
  drawn: boolean;
  url: string;
}
export interface Stage {
  stage: number;
  submission_key: string;
  submitted_at: string;
  by_teacher: boolean;
  image: StageFile | null;
  model: StageFile | null;
  answers: Answer[];
}
export interface Learner {
  id: number;
  name: string;
  gender: number | null;
  birthdate: string | null;
  language: string | null;
  school_id: number | null;
}
export interface LearnerWithExams extends Learner {
  exams: Exam[];
}
export interface ExamRef {
  student_id: Identifier;
  exam_type: number;
  challenge: number;
}
export interface StageResult {
  exam: Exam;
  stage: Stage;
  replayed: boolean;
}
export interface QuestionInput {
  exam_type: number;
  challenge: number;
  stage: number;
  kind: string;
  text: LocalText;
  options: QuestionOption[];
  allow_other: boolean;
  position: number;
}
export interface ExamStat {
  exam_type: number;
  challenge: number;
  started: number;
  open: number;
  finished: number;
  time_over: number;
  stages: number[];
}

const post = <T>(path: string, body?: unknown) => apiFetch<T>(path, { method: 'POST', body });

export const examAdapters: Record<string, ResourceAdapter> = {
  examTakers: { list: { method: 'POST', path: '/exam/takers', key: 'students', orderable: TAKER_ORDERABLE } },
  examGuests: { list: { method: 'POST', path: '/exam/guests', key: 'guests', orderable: GUEST_ORDERABLE } },
};

/** The named actions of the test pages. */
export const examMethods = {
  getQuestions: (examType: number, challenge: number) =>
    apiFetch<{ questions: QuestionsByStage; count: number }>('/questions', {
      query: { exam_type: examType, challenge },
    }),
  getAllQuestions: (filter: { exam_type?: number; challenge?: number }) =>
    apiFetch<{ questions: QuestionsByStage; count: number }>('/allquestions', { query: filter }),
  createQuestion: (input: QuestionInput) => post<{ question: Question }>('/exam/questions', input),
  updateQuestion: (id: Identifier, input: QuestionInput) =>
    apiFetch<{ question: Question }>(`/exam/questions/${id}`, { method: 'PUT', body: input }),
  deleteQuestion: (id: Identifier) => apiFetch<{ message: string }>(`/exam/questions/${id}`, { method: 'DELETE' }),
  uploadQuestionFile: (id: Identifier, field: 'img' | 'model', file: Blob, filename: string) => {
    const form = new FormData();
    form.append(field, file, filename);
    return post<{ question: Question }>(`/exam/questions/${id}/files`, form);
  },
  removeQuestionFile: (id: Identifier, kind: 'image' | 'model') =>
    apiFetch<{ question: Question }>(`/exam/questions/${id}/files/${kind}`, { method: 'DELETE' }),

  startExam: (ref: ExamRef) => post<{ exam: Exam }>('/exam/start', ref),
  examDetails: (ref: ExamRef) =>
    post<{ student: Learner; exam: Exam; stages: Stage[]; disabled: boolean }>('/answers/get/exam/details', ref),
  checkExam: (studentId: Identifier) =>
    apiFetch<{ student: Learner; pre_exam: boolean; exams: Exam[]; finished: number; disabled: boolean }>(
      `/check/exam/${studentId}`,
    ),
  getAnswers: (studentId: Identifier, examType?: number, challenge?: number) =>
    post<{ student: Learner; exams: { exam: Exam; stages: Stage[] }[] }>('/getAnswers', {
      student_id: studentId,
      exam_type: examType,
      challenge,
    }),
  updateAnswer: (id: Identifier, answer: string) =>
    apiFetch<{ answer: Answer; message: string }>('/answers/update/answer', { method: 'PUT', body: { id, answer } }),
  resetTimer: (ref: ExamRef) => post<{ exam: Exam; message: string }>('/answers/reset/timer', ref),
  redoTest: (ref: ExamRef) =>
    post<{ message: string; deleted: { exams: number; answers: number; files: number } }>('/answers/redo/test', ref),
  examGroups: () =>
    apiFetch<{ groups: { id: number; name: string; course_id: number | null; students: LearnerWithExams[] }[] }>(
      '/answers/get/neomi/exam/groups/user',
    ),
  myLearners: () => apiFetch<{ students: LearnerWithExams[] }>('/answers/get/mobile/exam/groups/user'),
  examStats: () => apiFetch<{ stats: ExamStat[]; learners: number }>('/exam/stats'),
  getTestTime: () => apiFetch<{ time: number }>('/test/time'),
  setTestTime: (time: number) => post<{ time: number; message: string }>('/test/set/time', { time }),
  tempRegister: (input: Record<string, unknown>) =>
    post<{
      user: Record<string, unknown> & { id: number };
      access_token: string;
      student: Learner;
      report_link: string;
    }>('/temp/register', input),
  guestReport: (token: string) =>
    apiFetch<{ student: Learner; exams: Exam[] }>(`/guest/report/${encodeURIComponent(token)}`),
};
