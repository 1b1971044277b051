/**
 * The Neomi creativity test as both sides see it (docs/PRODUCT.md §10): exam
 * types, challenges, stages, question kinds, the stage rules of docs/PRODUCT.md §4,
 * the server timer and the 'no answer' phrase. Pure: no I/O.
 */
import type { Code } from '../codes';
import { isNoAnswer } from '../scoring/noAnswer';
import { normaliseText } from '../scoring/normalise';

export const EXAM_TYPE = { pre: 1, post: 2 } as const;
export type ExamType = (typeof EXAM_TYPE)[keyof typeof EXAM_TYPE];
export const EXAM_TYPES: readonly Code[] = [
  { id: 1, labelKey: 'app.codes.examType.pre' },
  { id: 2, labelKey: 'app.codes.examType.post' },
];

/** Three challenge tests per exam type. */
export const CHALLENGES: readonly Code[] = [1, 2, 3].map((id) => ({ id, labelKey: `app.codes.challenge.c${id}` }));

/** Three stages then the completion step (docs/PRODUCT.md §2 "Exam screen"; stepper steps 0, 1, 2 are stages 1–3). */
export const STAGES = [1, 2, 3] as const;
export type Stage = (typeof STAGES)[number];
export const STAGE_COUNT = STAGES.length;

/** A challenge the child can add nothing more to: finished, or its time over. */
export const challengeClosed = (status: string): boolean => status === 'finished' || status === 'time_over';

/** One challenge's state as GET /check/exam/:id gives it (docs/api/exams.md). */
export interface ChallengeState {
  exam_type: number;
  challenge: number;
  status: string;
  submitted_stages: readonly number[];
}

/** Where a learner stands in a whole test (an exam type's three challenges): what the child is shown as progress. */
export interface TestProgress {
  /** the challenges closed (finished or time over), in order */
  closed: number[];
  /** the challenge to go on with: the first open one after `current`, else the first open one; null when none */
  next: number | null;
  /** every challenge closed: the report is the whole test's */
  complete: boolean;
  /** stages sent over the three challenges, of STAGE_COUNT × 3 */
  stagesSent: number;
  stagesTotal: number;
}

export function testProgress(exams: readonly ChallengeState[], examType: number, current: number): TestProgress {
  const of = (c: number) => exams.find((e) => e.exam_type === examType && e.challenge === c);
  const ids = CHALLENGES.map((c) => c.id);
  const closed = ids.filter((c) => challengeClosed(of(c)?.status ?? 'not_started'));
  const open = ids.filter((c) => !closed.includes(c));
  return {
    closed,
    next: open.find((c) => c > current) ?? open[0] ?? null,
    complete: open.length === 0,
    stagesSent: ids.reduce((n, c) => n + Math.min(of(c)?.submitted_stages.length ?? 0, STAGE_COUNT), 0),
    stagesTotal: ids.length * STAGE_COUNT,
  };
}

/** Question kinds of the bank. */
export const QUESTION_KIND = {
  /** stage 1: the child draws or photographs a drawing (the stage image) */
  imageUpload: 'image_upload',
  /** stage 1: tick any options of a list */
  checklist: 'checklist',
  /** stage 1: free-typed entries, one per drawing the child repeated */
  repeatedDraw: 'repeated_draw',
  /** stage 2: a figure with one choice plus an optional free text */
  graph: 'graph',
  /** stage 3: one choice with an optional 'other' text */
  singleChoice: 'single_choice',
  /** stage 3: a free-text answer */
  freeText: 'free_text',
} as const;
export type QuestionKind = (typeof QUESTION_KIND)[keyof typeof QUESTION_KIND];
export const QUESTION_KINDS: readonly Code<QuestionKind>[] = Object.values(QUESTION_KIND).map((id) => ({
  id,
  labelKey: `app.codes.questionKind.${id}`,
}));

/** Which kinds each stage holds (docs/PRODUCT.md §2 "Exam screen"). */
export const KINDS_BY_STAGE: Record<Stage, readonly QuestionKind[]> = {
  1: [QUESTION_KIND.imageUpload, QUESTION_KIND.checklist, QUESTION_KIND.repeatedDraw],
  2: [QUESTION_KIND.graph],
  3: [QUESTION_KIND.singleChoice, QUESTION_KIND.freeText],
};
/** Kinds whose option list the child chooses from. */
export const KINDS_WITH_OPTIONS: readonly QuestionKind[] = [
  QUESTION_KIND.checklist,
  QUESTION_KIND.graph,
  QUESTION_KIND.singleChoice,
];

export const EXAM_LANGUAGES = ['ar', 'en', 'de', 'fr'] as const;
export type ExamLanguage = (typeof EXAM_LANGUAGES)[number];
/** A text of the question bank in every language of the console. */
export type LocalText = Record<ExamLanguage, string>;

/** The text of a question or option in a language; Arabic, then English, when a translation is empty. */
export const localText = (text: Partial<LocalText> | null | undefined, language: string): string =>
  (text?.[language as ExamLanguage] || text?.ar || text?.en || '').trim();

// ---------------------------------------------------------------- limits

export const MIN_TEST_SECONDS = 60;
export const MAX_TEST_SECONDS = 4 * 3600;
/** A submission this long after the deadline still counts (an upload in flight when the time ran out). */
export const SUBMIT_GRACE_SECONDS = 15;
export const MAX_ANSWER_LENGTH = 500;
/** At most this many typed entries or ticks for one question. */
export const MAX_ANSWERS_PER_QUESTION = 60;
export const MAX_ITEMS = 60;

// ---------------------------------------------------------------- the 'no answer' phrase

/** The Arabic 'no answer' phrase and its recognition are the scoring engine's (domain/scoring/noAnswer.ts). */
export { NO_ANSWER_PHRASE } from '../scoring/noAnswer';

/** Whether a text as given is a 'no answer' phrase (compared after the scoring engine's normalisation). */
export const isNoAnswerText = (text: string | null | undefined): boolean => !!text && isNoAnswer(normaliseText(text));

/** An answer's stored score: 0 for 'no answer' (docs/PRODUCT.md §3 "Exam answer payload"), else none (the engine's). */
export const initialScore = (text: string | null | undefined): number | null => (isNoAnswerText(text) ? 0 : null);

// ---------------------------------------------------------------- the timer

export interface TimerState {
  started_at: string | null;
  duration: number;
  remaining_seconds: number;
  time_over: boolean;
}

/** remaining = duration − (now − started_at), never below 0; a test not started has its whole duration. */
export function remainingSeconds(
  startedAt: Date | string | null,
  durationSeconds: number,
  now: Date = new Date(),
): number {
  if (!startedAt) return durationSeconds;
  const elapsed = (now.getTime() - new Date(startedAt).getTime()) / 1000;
  return Math.max(0, Math.ceil(durationSeconds - elapsed));
}

/** Whether a stage submitted now is too late (after the deadline and its grace). */
export function isTooLate(startedAt: Date | string, durationSeconds: number, now: Date = new Date()): boolean {
  return now.getTime() - new Date(startedAt).getTime() > (durationSeconds + SUBMIT_GRACE_SECONDS) * 1000;
}

// ---------------------------------------------------------------- the stage rules (docs/PRODUCT.md §4 "Stage rules")

/** One answer to one question as a stage submission carries it. */
export interface StageItem {
  question_id: number;
  /** option keys ticked (checklist) or chosen (graph, single choice: one) */
  options?: string[];
  /** typed texts: repeated-draw entries, free text, a choice's text when sent as text */
  answers?: string[];
  /** the optional free text beside a choice ('other', or the graph's own words) */
  other?: string;
}

export interface StageQuestion {
  id: number;
  kind: string;
  stage: number;
  options: { key: string }[];
}

const filled = (v: string | undefined | null) => !!v && v.trim().length > 0;
const itemHasAnswer = (item: StageItem) =>
  (item.options ?? []).some(filled) || (item.answers ?? []).some(filled) || filled(item.other);

/**
 * The stage rules, as field errors `{ field: messageKey }` (empty when the
 * stage may be sent):
 * - stage 1: at least one answer (a ticked option or a typed entry) and an image;
 * - stage 2: at least as many answered items as the stage has questions, and an image;
 * - stage 3: the second, free-text answer and an image.
 * Every item must answer a question of this stage with options of its own list.
 */
export function stageErrors(
  stage: number,
  items: StageItem[],
  hasImage: boolean,
  questions: StageQuestion[],
): Record<string, string> {
  const errors: Record<string, string> = {};
  const byId = new Map(questions.filter((q) => q.stage === stage).map((q) => [q.id, q]));
  items.forEach((item, i) => {
    const question = byId.get(item.question_id);
    if (!question) {
      errors[`items.${i}.question_id`] = 'app.exams.questionNotInStage';
      return;
    }
    const keys = new Set(question.options.map((o) => o.key));
    if ((item.options ?? []).some((k) => !keys.has(k))) errors[`items.${i}.answer`] = 'app.validation.invalidChoice';
    if (question.kind !== QUESTION_KIND.checklist && (item.options ?? []).length > 1)
      errors[`items.${i}.answer`] = 'app.exams.oneChoice';
  });
  if (!hasImage) errors.img = 'app.exams.imageRequired';
  const stageQuestions = [...byId.values()];
  if (stage === 1 && !items.some(itemHasAnswer)) errors.answer = 'app.exams.answerRequired';
  if (stage === 2) {
    const answered = new Set(items.filter(itemHasAnswer).map((i) => i.question_id));
    for (const q of stageQuestions) if (!answered.has(q.id)) errors[`question.${q.id}`] = 'app.validation.required';
    if (answered.size < stageQuestions.length) errors.items = 'app.exams.answerEveryQuestion';
  }
  if (stage === 3) {
    const freeText = stageQuestions.find((q) => q.kind === QUESTION_KIND.freeText);
    const item = freeText ? items.find((x) => x.question_id === freeText.id) : undefined;
    if (freeText && !(item && ((item.answers ?? []).some(filled) || filled(item.other)))) {
      errors[`question.${freeText.id}`] = 'app.exams.secondAnswerRequired';
      errors.second_answer = 'app.exams.secondAnswerRequired';
    }
  }
  return errors;
}

// ---------------------------------------------------------------- exam state

export const EXAM_STATUS = {
  notStarted: 'not_started',
  open: 'open',
  finished: 'finished',
  timeOver: 'time_over',
} as const;
export type ExamStatus = (typeof EXAM_STATUS)[keyof typeof EXAM_STATUS];

/** The first stage not yet submitted, or STAGE_COUNT + 1 (the completion step) when all are. */
export const firstUnfinishedStage = (submitted: readonly number[]): number => {
  for (const s of STAGES) if (!submitted.includes(s)) return s;
  return STAGE_COUNT + 1;
};
