import { normaliseText } from './normalise';

/**
 * The phrase the exam sends for a question the child left without an idea
 * (docs/PRODUCT.md §3 "Exam answer payload": score 0 when the answer is the Arabic 'no answer' phrase).
 * The exam screens send exactly this text; scoring recognises it and the
 * other phrases below after normalisation, so 'لا يُوجَد.' is the same.
 */
export const NO_ANSWER_PHRASE = 'لا يوجد';

/**
 * Every phrase that means "no answer", in the four languages of the product.
 * Only whole answers equal to one of these (after normalisation) are
 * "no answer"; an answer that merely contains one is an answer.
 */
export const NO_ANSWER_PHRASES: readonly string[] = [
  NO_ANSWER_PHRASE,
  'لا توجد',
  'لا إجابة',
  'لا توجد إجابة',
  'لا يوجد جواب',
  'no answer',
  'keine Antwort',
  'pas de réponse',
  'aucune réponse',
];

const NORMALISED_NO_ANSWERS: ReadonlySet<string> = new Set(NO_ANSWER_PHRASES.map(normaliseText));

/** True when an already normalised answer is one of the "no answer" phrases. */
export const isNoAnswer = (normalised: string): boolean => NORMALISED_NO_ANSWERS.has(normalised);
