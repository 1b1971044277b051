import type { Identifier } from 'react-admin';
import type { z } from 'zod';
import type { ImageScores } from '../../domain/marking/rubric';
import type {
  adminMarkingOut,
  adminMarkingTestOut,
  allocationOut,
  markerLoadOut,
  markingAgreementOut,
  markingImageOut,
  markingQueueItemOut,
  markingTestsSchema,
  testForMarkingOut,
} from '../../domain/schemas/marking';
import { apiFetch } from '../http';
import type { ResourceAdapter } from './types';

/**
 * Marking (docs/api/marking.md): custom pages, named methods. The review
 * queue of unmatched answer words is in ./wordScores.ts.
 */
export const markingAdapters: Record<string, ResourceAdapter> = {};

// The answers' types, inferred from the server's output allow-list (domain/schemas/marking.ts "Responses").
/** A test in a marker's queue: a pseudonymous code, never the learner. */
export type MarkingItem = z.infer<typeof markingQueueItemOut>;
export type MarkingImage = z.infer<typeof markingImageOut>;
export type TestForMarking = z.infer<typeof testForMarkingOut>;
/** Admin view of a finished test (GET /marking/agreement/:id, POST /marking/tests): the learner is named. */
export type MarkingTestStatus = NonNullable<z.infer<typeof markingTestsSchema>['status']>;
export type AdminMarking = z.infer<typeof adminMarkingOut>;
export type MarkingAgreement = z.infer<typeof markingAgreementOut>;
export type AdminMarkingTest = z.infer<typeof adminMarkingTestOut>;
export type MarkerLoad = z.infer<typeof markerLoadOut>;
export type Allocation = z.infer<typeof allocationOut>;

/** The address of a drawing of a test, served to its marker only. */
export const markingImageUrl = (assignmentId: Identifier, fileId: number) =>
  `/marking/images/${assignmentId}/${fileId}`;

export const markingMethods = {
  markingQueue: () =>
    apiFetch<{ data: MarkingItem[] }>('/users/to/mark', { method: 'POST', body: {} }).then((a) => a.data),
  correctedTests: () =>
    apiFetch<{ data: MarkingItem[] }>('/users/with/marked/answers', { method: 'POST', body: {} }).then((a) => a.data),
  testForMarking: (assignmentId: Identifier) =>
    apiFetch<TestForMarking>('/exam/report/for/marking', {
      method: 'POST',
      body: { assignment_id: Number(assignmentId) },
    }),
  /** Saves a drawing's scores as a draft; rejects with 409 app.marking.stale when another session saved first. */
  markImage: (input: { assignment_id: number; file_id: number; version: number; scores: ImageScores }) =>
    apiFetch<{ version: number; image: MarkingImage; marked: number }>('/mark/exam/report', {
      method: 'POST',
      body: input,
    }),
  finishMarking: (assignmentId: number, version: number) =>
    apiFetch<{ test: TestForMarking }>('/mark/exam/finish', {
      method: 'POST',
      body: { assignment_id: assignmentId, version },
    }),
  /** Admin: finished tests and their markings, by allocation status. */
  markingTests: (status?: MarkingTestStatus) =>
    apiFetch<{ data: AdminMarkingTest[]; total: number }>('/marking/tests', {
      method: 'POST',
      body: status ? { status } : {},
    }),
  /** Admin: the users who mark, least busy first. */
  markers: () => apiFetch<{ data: MarkerLoad[] }>('/marking/markers').then((a) => a.data),
  /** Admin: allocates tests to a marker (all or nothing); answers the server's message key. */
  allocateTests: (markerId: number, examIds: number[]) =>
    apiFetch<{ message: string; key: string; assignments: Allocation[] }>('/marking/assign', {
      method: 'POST',
      body: { marker_id: markerId, exam_ids: examIds },
    }),
  /** Admin: a test's markings and the agreement of its first two. */
  markingAgreement: (examId: Identifier) => apiFetch<AdminMarkingTest>(`/marking/agreement/${examId}`),
  /** The disagreement margin setting (needs access_settings; changed on the settings screen): its row's id and value. */
  disagreementMargin: () =>
    apiFetch<{ settings: { id: number; key: string; value: unknown }[] }>('/setting/index', {
      method: 'POST',
      body: {},
    }).then((a) => a.settings.find((s) => s.key === 'marking_disagreement_margin') ?? null),
};
