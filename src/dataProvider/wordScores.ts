import type { Identifier } from 'react-admin';
import type { z } from 'zod';
import type { queueWordOut } from '../../domain/schemas/wordScores';
import { apiFetch } from '../http';
import type { ResourceAdapter } from './types';

/**
 * Word scores (docs/api/scoring.md "Word scores", "Review queue"): the review
 * queue of unmatched answer words, named methods of the category pages.
 */
export const wordScoreAdapters: Record<string, ResourceAdapter> = {};

/** A word of the review queue (inferred from the server's output allow-list, domain/schemas/wordScores.ts). */
export type QueueWord = z.infer<typeof queueWordOut>;

export const wordScoreMethods = {
  reviewQueue: (setId: Identifier) =>
    apiFetch<{ words: QueueWord[]; count: number }>('/scores/review-queue', {
      method: 'POST',
      body: { set_id: Number(setId), limit: 100, order_by: 'count', order_direction: 'desc' },
    }),
  assignReviewWord: (setId: Identifier, normalised: string, subcategoryId: Identifier) =>
    apiFetch<{ message: string; key: string }>('/scores/review-queue/assign', {
      method: 'POST',
      body: { set_id: Number(setId), normalised, subcategory_id: Number(subcategoryId) },
    }),
  dismissReviewWord: (setId: Identifier, normalised: string) =>
    apiFetch<{ message: string; key: string }>('/scores/review-queue/dismiss', {
      method: 'POST',
      body: { set_id: Number(setId), normalised },
    }),
};
