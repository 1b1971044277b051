import { z } from 'zod';
import { AGE_GROUPS, GUEST_GENDERS } from '../codes';
import {
  CHALLENGES,
  EXAM_LANGUAGES,
  EXAM_TYPES,
  KINDS_BY_STAGE,
  KINDS_WITH_OPTIONS,
  MAX_ANSWER_LENGTH,
  MAX_ANSWERS_PER_QUESTION,
  MAX_ITEMS,
  MAX_TEST_SECONDS,
  MIN_TEST_SECONDS,
  QUESTION_KINDS,
  STAGES,
  type QuestionKind,
  type Stage,
} from '../exams';
import { checkbox, codeOf, id, int, optionalCodeOf, optionalNameText, optionalPastDate, optionalText } from './fields';
import { listQuerySchema } from './lists';

/** Inputs of the Neomi test calls (docs/api/exams.md). */

const blankToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);
const STAGE_CODES = STAGES.map((s) => ({ id: s, labelKey: `app.codes.stage.s${s}` }));

export const examTypeField = () => codeOf(EXAM_TYPES);
export const challengeField = () => codeOf(CHALLENGES);
export const stageField = () => codeOf(STAGE_CODES) as unknown as z.ZodType<Stage>;
export const examLanguage = () =>
  z.preprocess(blankToUndefined, z.enum(EXAM_LANGUAGES, { error: 'app.validation.invalidChoice' }).optional());

/** A stage's idempotency key: chosen by the client once per stage submission, sent again on every retry. */
export const submissionKey = () =>
  z.preprocess(
    blankToUndefined,
    z
      .string()
      .regex(/^[A-Za-z0-9_-]{8,64}$/, { error: 'app.validation.invalid' })
      .optional(),
  );

// ---------------------------------------------------------------- question bank

const localTextSchema = z
  .object({
    ar: optionalText(2000),
    en: optionalText(2000),
    de: optionalText(2000),
    fr: optionalText(2000),
  })
  .transform((t) => ({ ar: t.ar ?? '', en: t.en ?? '', de: t.de ?? '', fr: t.fr ?? '' }));

const optionSchema = z.object({
  key: z
    .string({ error: 'app.validation.required' })
    .trim()
    .regex(/^[A-Za-z0-9_-]{1,40}$/, { error: 'app.validation.invalid' }),
  text: localTextSchema,
});

export const questionSchema = z
  .object({
    exam_type: examTypeField(),
    challenge: challengeField(),
    stage: stageField(),
    kind: codeOf(QUESTION_KINDS) as z.ZodType<QuestionKind>,
    text: localTextSchema,
    options: z.array(optionSchema).max(40).default([]),
    allow_other: z.preprocess(blankToUndefined, checkbox().optional()).transform((v) => v ?? false),
    position: z
      .preprocess(blankToUndefined, int().pipe(z.number().min(0).max(999)).optional())
      .transform((v) => v ?? 0),
  })
  .superRefine((q, ctx) => {
    if (!q.text.ar && !q.text.en)
      ctx.addIssue({ code: 'custom', path: ['text', 'ar'], message: 'app.exams.textRequired' });
    if (!KINDS_BY_STAGE[q.stage]?.includes(q.kind))
      ctx.addIssue({ code: 'custom', path: ['kind'], message: 'app.exams.kindNotInStage' });
    if (KINDS_WITH_OPTIONS.includes(q.kind) && q.options.length < 2)
      ctx.addIssue({ code: 'custom', path: ['options'], message: 'app.exams.optionsRequired' });
    q.options.forEach((o, i) => {
      if (!o.text.ar && !o.text.en)
        ctx.addIssue({ code: 'custom', path: ['options', i, 'text', 'ar'], message: 'app.exams.textRequired' });
      if (q.options.findIndex((x) => x.key === o.key) !== i)
        ctx.addIssue({ code: 'custom', path: ['options', i, 'key'], message: 'app.validation.invalid' });
    });
  });
export type QuestionInput = z.infer<typeof questionSchema>;

export const questionFilterSchema = z.object({
  exam_type: z.preprocess(blankToUndefined, examTypeField().optional()),
  challenge: z.preprocess(blankToUndefined, challengeField().optional()),
  lang: examLanguage(),
});

// ---------------------------------------------------------------- taking a test

/** The fields around a stage's answers (docs/PRODUCT.md §3 "Exam answer payload"); course_id, group_id ignored. */
export const stageEnvelopeSchema = z.object({
  student_id: id(),
  exam_type: examTypeField(),
  challenge: optionalCodeOf(CHALLENGES),
  stage: z.preprocess(blankToUndefined, stageField().optional()),
  language: examLanguage(),
  submission_key: submissionKey(),
  drawn: z.preprocess(blankToUndefined, checkbox().optional()),
  course_id: optionalText(20),
  group_id: optionalText(20),
});
export type StageEnvelope = z.infer<typeof stageEnvelopeSchema>;

const answerText = () => z.string().trim().max(MAX_ANSWER_LENGTH, { error: 'app.validation.tooLong' });

/** One item: a question and what was given for it. */
export const stageItemSchema = z.object({
  question_id: id(),
  options: z.array(z.string().trim().max(40)).max(MAX_ANSWERS_PER_QUESTION).default([]),
  answers: z.array(answerText()).max(MAX_ANSWERS_PER_QUESTION, { error: 'app.validation.tooLong' }).default([]),
  other: z.preprocess(blankToUndefined, answerText().optional()),
});
export const stageItemsSchema = z.array(stageItemSchema).max(MAX_ITEMS, { error: 'app.validation.tooLong' });

/** A learner's exam: learner, exam type and challenge (1 when not given: docs/DECISIONS.md "Fixed values"). */
export const examRefSchema = z.object({
  student_id: id(),
  exam_type: examTypeField(),
  challenge: z.preprocess(blankToUndefined, challengeField().optional()).transform((v) => v ?? 1),
});

/** A learner's answers, for one challenge or (none given) all three. */
export const answersQuerySchema = z.object({
  student_id: id(),
  exam_type: z.preprocess(blankToUndefined, examTypeField().optional()),
  challenge: z.preprocess(blankToUndefined, challengeField().optional()),
});

/** Redo: one challenge, or every challenge of the exam type when none is given. */
export const redoSchema = z.object({
  student_id: id(),
  exam_type: examTypeField(),
  challenge: z.preprocess(blankToUndefined, challengeField().optional()),
});

export const updateAnswerSchema = z.object({
  id: id(),
  answer: answerText().min(1, { error: 'app.validation.required' }),
});

export const setTimeSchema = z.object({
  time: int().pipe(
    z
      .number()
      .min(MIN_TEST_SECONDS, { error: 'app.validation.invalidNumber' })
      .max(MAX_TEST_SECONDS, { error: 'app.validation.invalidNumber' }),
  ),
});

// ---------------------------------------------------------------- guests and on-the-spot registration

/** A guest's sign-up (docs/PRODUCT.md §5 "Guest registration"), also a teacher's on-the-spot one (/temp/register). */
export const tempRegisterSchema = z.object({
  name: optionalNameText(),
  gender: z.preprocess(blankToUndefined, optionalCodeOf(GUEST_GENDERS)),
  birthdate: optionalPastDate(),
  age_group: optionalCodeOf(AGE_GROUPS),
  academic_number: optionalText(50),
  mobile_no: optionalText(30),
  language: examLanguage(),
  group_id: z.preprocess(blankToUndefined, id().optional()),
});
export type TempRegisterInput = z.infer<typeof tempRegisterSchema>;

export const GUEST_ORDERABLE = ['id', 'name', 'created_at'] as const;
export const guestListSchema = listQuerySchema(GUEST_ORDERABLE);

export const TAKER_ORDERABLE = ['name', 'id'] as const;
export const takerListSchema = listQuerySchema(TAKER_ORDERABLE).extend({
  exam_type: z.preprocess(blankToUndefined, examTypeField().optional()),
  group_id: z.preprocess(blankToUndefined, id().optional()),
});
export type TakerListInput = z.infer<typeof takerListSchema>;
export type GuestListInput = z.infer<typeof guestListSchema>;

// ---------------------------------------------------------------- Responses

/**
 * Response schemas of the Neomi test calls (docs/api/exams.md): the server's output allow-list, and the types the
 * console reads them as (src/dataProvider/exams.ts).
 */

export const localTextOut = z.object({ ar: z.string(), en: z.string(), de: z.string(), fr: z.string() });
const fileRef = z.object({ id: z.number(), url: z.string() });

export const questionOut = z.object({
  id: z.number(),
  exam_type: z.number(),
  challenge: z.number(),
  stage: z.number(),
  kind: z.string(),
  text: localTextOut,
  options: z.array(z.object({ key: z.string(), text: localTextOut })),
  allow_other: z.boolean(),
  position: z.number(),
  image: fileRef.nullable(),
  model: fileRef.nullable(),
});

export const questionsByStageOut = z.object({
  questions: z.record(z.string(), z.array(questionOut)),
  count: z.number(),
});

export const examOut = z.object({
  id: z.number().nullable(),
  student_id: z.number(),
  exam_type: z.number(),
  challenge: z.number(),
  status: z.enum(['not_started', 'open', 'finished', 'time_over']),
  submitted_stages: z.array(z.number()),
  current_stage: z.number(),
  started_at: z.string().nullable(),
  finished_at: z.string().nullable(),
  duration: z.number(),
  remaining_seconds: z.number(),
  server_time: z.string(),
});

export const answerOut = z.object({
  id: z.number(),
  question_id: z.number(),
  exam_type: z.number(),
  challenge: z.number(),
  stage: z.number(),
  position: z.number(),
  source: z.string(),
  option_key: z.string().nullable(),
  answer: z.string(),
  language: z.string(),
  score: z.number().nullable(),
  created_at: z.string(),
});

const stageFileOut = z.object({ id: z.number(), kind: z.string(), drawn: z.boolean(), url: z.string() });

export const stageOut = z.object({
  stage: z.number(),
  submission_key: z.string(),
  submitted_at: z.string(),
  by_teacher: z.boolean(),
  image: stageFileOut.nullable(),
  model: stageFileOut.nullable(),
  answers: z.array(answerOut),
});

export const submitOut = z.object({ exam: examOut, stage: stageOut, replayed: z.boolean() });

/** A learner as the test pages show one: no contact data. */
export const learnerOut = z.object({
  id: z.number(),
  name: z.string(),
  gender: z.number().nullable(),
  birthdate: z.string().nullable(),
  language: z.string().nullable(),
  school_id: z.number().nullable(),
});

export const learnerWithExamsOut = learnerOut.extend({ exams: z.array(examOut) });

/** How far the learners in scope are in one test (GET /exam/stats). */
export const examStatOut = z.object({
  exam_type: z.number(),
  challenge: z.number(),
  started: z.number(),
  open: z.number(),
  finished: z.number(),
  time_over: z.number(),
  stages: z.array(z.number()),
});

/** A guest's learner in the list of guests (POST /exam/guests). */
export const guestOut = learnerOut.extend({
  age_group: z.number().nullable(),
  academic_number: z.string().nullable(),
  mobile_no: z.string().nullable(),
  created_at: z.string(),
  exams: z.array(examOut),
});
