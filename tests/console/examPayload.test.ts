import { describe, expect, it } from 'vitest';
import type { Question } from '../../src/dataProvider/exams';
import { draftErrors, stageFields, stageUrl } from '../../src/custom-pages/exam-taking/stagePayload';
import { reportToken } from '../../src/custom-pages/guests/ResultsPage';

const text = { ar: 'س', en: 'q', de: 'f', fr: 'q' };
const opt = (key: string) => ({ key, text: { ar: key, en: key, de: key, fr: key } });
const q = (id: number, stage: number, kind: string, options = [] as ReturnType<typeof opt>[]): Question => ({
  id,
  exam_type: 1,
  challenge: 1,
  stage,
  kind,
  text,
  options,
  allow_other: kind === 'single_choice',
  position: id,
  image: null,
  model: null,
});

const stage1 = [q(1, 1, 'image_upload'), q(2, 1, 'checklist', [opt('a'), opt('b')]), q(3, 1, 'repeated_draw')];
const stage3 = [q(6, 3, 'single_choice', [opt('x'), opt('y')]), q(7, 3, 'free_text')];
const image = { blob: new Blob(['x']), name: 'd.png', drawn: true };

describe('a stage as the stepper sends it', () => {
  it("checks the stage rules before sending, with the server's keys", () => {
    expect(draftErrors(1, stage1, {}, null)).toEqual({
      img: 'app.exams.imageRequired',
      answer: 'app.exams.answerRequired',
    });
    expect(draftErrors(1, stage1, { 3: { options: [], answers: ['  ', 'bike'], other: '' } }, image)).toEqual({});
    expect(draftErrors(3, stage3, { 6: { options: ['x'], answers: [''], other: '' } }, image)).toMatchObject({
      second_answer: 'app.exams.secondAnswerRequired',
    });
  });

  it('builds the docs/PRODUCT.md §3 fields: the envelope, items[n][field] per answerable question, no blanks', () => {
    const fields = stageFields(
      { studentId: 9, examType: 1, challenge: 1, stage: 1, language: 'ar', drawn: true },
      stage1,
      {
        2: { options: ['b', 'a'], answers: [''], other: '' },
        3: { options: [], answers: ['نظارة', ' ', 'دراجة '], other: '' },
      },
    );
    expect(fields).toEqual([
      ['student_id', '9'],
      ['exam_type', '1'],
      ['challenge', '1'],
      ['stage', '1'],
      ['language', 'ar'],
      ['course_id', '1'],
      ['group_id', '1'],
      ['drawn', '1'],
      ['items[0][question_id]', '2'],
      ['items[0][option]', 'b'],
      ['items[0][option]', 'a'],
      ['items[1][question_id]', '3'],
      ['items[1][answer]', 'نظارة'],
      ['items[1][answer]', 'دراجة'],
    ]);
    expect([stageUrl(1, false), stageUrl(2, false), stageUrl(3, false), stageUrl(2, true)]).toEqual([
      '/answers/add',
      '/answers/add/second',
      '/answers/add/second',
      '/answers/addteacher',
    ]);
  });

  it('reads a report token from a pasted link or code', () => {
    expect(reportToken('https://neomi.example/guest-report/AbCdEfGhIjKlMnOpQrStUvWxYz012345')).toBe(
      'AbCdEfGhIjKlMnOpQrStUvWxYz012345',
    );
    expect(reportToken(' AbCdEfGhIjKlMnOpQrStUvWxYz012345 ')).toBe('AbCdEfGhIjKlMnOpQrStUvWxYz012345');
    expect(reportToken('hello')).toBeNull();
  });
});
