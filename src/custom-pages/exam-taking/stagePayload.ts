import { QUESTION_KIND, stageErrors, type StageItem } from '../../../domain/exams';
import type { Question } from '../../dataProvider/exams';

/** What the child has given for one question on the page. */
export interface QuestionDraft {
  options: string[];
  answers: string[];
  other: string;
}
export type StageDraft = Record<number, QuestionDraft>;
/** The stage's image: a drawing made on the screen or a photo. */
export interface StageImage {
  blob: Blob;
  name: string;
  drawn: boolean;
}

export const emptyDraft = (): QuestionDraft => ({ options: [], answers: [''], other: '' });
export const draftOf = (draft: StageDraft, id: number): QuestionDraft => draft[id] ?? emptyDraft();

/** The questions that take an answer (an image_upload question is answered by the stage image). */
export const answerable = (questions: Question[]) => questions.filter((q) => q.kind !== QUESTION_KIND.imageUpload);

export const itemsOf = (questions: Question[], draft: StageDraft): StageItem[] =>
  answerable(questions).map((q) => {
    const d = draftOf(draft, q.id);
    return {
      question_id: q.id,
      options: d.options,
      answers: d.answers.map((a) => a.trim()).filter(Boolean),
      other: d.other.trim() || undefined,
    };
  });

/** The stage rules of domain/exams, checked before sending: the same keys the server answers with. */
export const draftErrors = (stage: number, questions: Question[], draft: StageDraft, image: StageImage | null) =>
  stageErrors(
    stage,
    itemsOf(questions, draft),
    !!image,
    questions.map((q) => ({ id: q.id, kind: q.kind, stage: q.stage, options: q.options })),
  );

/** The form fields (docs/PRODUCT.md §3 "Exam answer payload": items[n][field]) for a stage, in order. */
export function stageFields(
  ref: { studentId: number; examType: number; challenge: number; stage: number; language: string; drawn: boolean },
  questions: Question[],
  draft: StageDraft,
): [string, string][] {
  const fields: [string, string][] = [
    ['student_id', String(ref.studentId)],
    ['exam_type', String(ref.examType)],
    ['challenge', String(ref.challenge)],
    ['stage', String(ref.stage)],
    ['language', ref.language],
    ['course_id', '1'],
    ['group_id', '1'],
    ['drawn', ref.drawn ? '1' : '0'],
  ];
  itemsOf(questions, draft).forEach((item, n) => {
    fields.push([`items[${n}][question_id]`, String(item.question_id)]);
    for (const key of item.options ?? []) fields.push([`items[${n}][option]`, key]);
    for (const text of item.answers ?? []) fields.push([`items[${n}][answer]`, text]);
    if (item.other) fields.push([`items[${n}][other]`, item.other]);
  });
  return fields;
}

/** Stage 1 to /answers/add, 2 and 3 to /answers/add/second, a paper test to /answers/addteacher (docs/api/exams.md). */
export const stageUrl = (stage: number, teacher: boolean) =>
  teacher ? '/answers/addteacher' : stage === 1 ? '/answers/add' : '/answers/add/second';
