import type { Identifier } from 'react-admin';
import type { z } from 'zod';
import { GUEST_ORDERABLE, TAKER_ORDERABLE } from '../../domain/schemas/exams';
import type {
  answerOut,
  examOut,
  examStatOut,
  learnerOut,
  learnerWithExamsOut,
  localTextOut,
  questionOut,
  stageOut,
  submitOut,
} from '../../domain/schemas/exams';
import { apiFetch } from '../http';
import type { ResourceAdapter } from './types';

/** The Neomi test (docs/api/exams.md): shapes, the list adapters and the named actions. */

export type LocalText = z.infer<typeof localTextOut>;
export type Question = z.infer<typeof questionOut>;
export type QuestionOption = Question['options'][number];
export type FileRef = NonNullable<Question['image']>;
export type QuestionsByStage = Record<string, Question[]>;
export type Exam = z.infer<typeof examOut>;
export type ExamStatus = Exam['status'];
export type Answer = z.infer<typeof answerOut>;
export type Stage = z.infer<typeof stageOut>;
export type StageFile = NonNullable<Stage['image']>;
export type Learner = z.infer<typeof learnerOut>;
export type LearnerWithExams = z.infer<typeof learnerWithExamsOut>;
export interface ExamRef {
  student_id: Identifier;
  exam_type: number;
  challenge: number;
}
export type StageResult = z.infer<typeof submitOut>;
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
export type ExamStat = z.infer<typeof examStatOut>;

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
  guestReport: (token: string) =>
    apiFetch<{ student: Learner; exams: Exam[] }>(`/guest/report/${encodeURIComponent(token)}`),
};
