import { describe, expect, it } from 'vitest';
import {
  NO_ANSWER_PHRASE,
  firstUnfinishedStage,
  initialScore,
  isNoAnswerText as isNoAnswer,
  isTooLate,
  remainingSeconds,
  stageErrors,
  type StageQuestion,
} from '../../domain/exams';

const opts = [{ key: 'a' }, { key: 'b' }, { key: 'none' }];
const bank: StageQuestion[] = [
  { id: 1, stage: 1, kind: 'image_upload', options: [] },
  { id: 2, stage: 1, kind: 'checklist', options: opts },
  { id: 3, stage: 1, kind: 'repeated_draw', options: [] },
  { id: 4, stage: 2, kind: 'graph', options: opts },
  { id: 5, stage: 2, kind: 'graph', options: opts },
  { id: 6, stage: 3, kind: 'single_choice', options: opts },
  { id: 7, stage: 3, kind: 'free_text', options: [] },
];

describe('stage rules (docs/PRODUCT.md §4 "Stage rules")', () => {
  it('stage 1: an answer and an image', () => {
    expect(stageErrors(1, [], false, bank)).toEqual({
      img: 'app.exams.imageRequired',
      answer: 'app.exams.answerRequired',
    });
    expect(stageErrors(1, [{ question_id: 3, answers: ['  '] }], true, bank)).toEqual({
      answer: 'app.exams.answerRequired',
    });
    expect(stageErrors(1, [{ question_id: 2, options: ['a', 'b'] }], true, bank)).toEqual({});
    expect(stageErrors(1, [{ question_id: 3, answers: ['bike'] }], true, bank)).toEqual({});
    expect(stageErrors(1, [{ question_id: 2, options: ['zzz'] }], true, bank)).toMatchObject({
      'items.0.answer': 'app.validation.invalidChoice',
    });
    expect(stageErrors(1, [{ question_id: 4, options: ['a'] }], true, bank)).toMatchObject({
      'items.0.question_id': 'app.exams.questionNotInStage',
    });
  });

  it('stage 2: at least as many answers as questions, plus an image', () => {
    expect(stageErrors(2, [{ question_id: 4, options: ['a'] }], true, bank)).toEqual({
      'question.5': 'app.validation.required',
      items: 'app.exams.answerEveryQuestion',
    });
    expect(
      stageErrors(
        2,
        [
          { question_id: 4, options: ['a'] },
          { question_id: 5, answers: [NO_ANSWER_PHRASE] },
        ],
        true,
        bank,
      ),
    ).toEqual({});
    expect(
      stageErrors(
        2,
        [
          { question_id: 4, options: ['a', 'b'] },
          { question_id: 5, other: 'x' },
        ],
        true,
        bank,
      ),
    ).toEqual({ 'items.0.answer': 'app.exams.oneChoice' });
    expect(
      stageErrors(
        2,
        [
          { question_id: 4, options: ['a'] },
          { question_id: 5, options: ['b'] },
        ],
        false,
        bank,
      ),
    ).toEqual({ img: 'app.exams.imageRequired' });
  });

  it('stage 3: the second, free-text answer and an image', () => {
    expect(stageErrors(3, [{ question_id: 6, options: ['a'] }], true, bank)).toEqual({
      'question.7': 'app.exams.secondAnswerRequired',
      second_answer: 'app.exams.secondAnswerRequired',
    });
    expect(stageErrors(3, [{ question_id: 7, answers: ['a boat'] }], true, bank)).toEqual({});
  });
});

describe('the no-answer phrase', () => {
  it('is recognised through diacritics, alef forms, spaces and punctuation, and scores 0', () => {
    expect(isNoAnswer(NO_ANSWER_PHRASE)).toBe(true);
    expect(isNoAnswer('  لا  توجد إِجابةٌ. ')).toBe(true);
    expect(isNoAnswer('لا توجد اجابه')).toBe(true);
    expect(isNoAnswer('قارب')).toBe(false);
    expect(initialScore(NO_ANSWER_PHRASE)).toBe(0);
    expect(initialScore('قارب')).toBeNull();
  });
});

describe('the server timer', () => {
  const start = new Date('2026-01-01T10:00:00Z');
  it('remaining = duration − (now − started_at), never below 0', () => {
    expect(remainingSeconds(null, 1800)).toBe(1800);
    expect(remainingSeconds(start, 1800, new Date('2026-01-01T10:10:00Z'))).toBe(1200);
    expect(remainingSeconds(start, 1800, new Date('2026-01-01T11:00:00Z'))).toBe(0);
  });
  it('a submission is late after the duration and its grace', () => {
    expect(isTooLate(start, 1800, new Date('2026-01-01T10:30:10Z'))).toBe(false);
    expect(isTooLate(start, 1800, new Date('2026-01-01T10:30:16Z'))).toBe(true);
  });
  it('resumes at the first unfinished stage', () => {
    expect(firstUnfinishedStage([])).toBe(1);
    expect(firstUnfinishedStage([1])).toBe(2);
    expect(firstUnfinishedStage([1, 2, 3])).toBe(4);
  });
});
