import { describe, expect, it } from 'vitest';
import { stageHash, type StageForm } from '../../server/services/stageSubmission';

const stage = (overrides: Partial<StageForm> = {}): StageForm => ({
  fields: { student_id: '7', exam_type: '1', stage: '1', submission_key: 'st-0123456789' },
  lists: {},
  items: new Map<number, Record<string, string[]>>([
    [0, { question_id: ['3'], answer: ['دراجة', 'نظارة'] }],
    [1, { question_id: ['4'], option: ['a'] }],
  ]),
  img: Buffer.from('drawing'),
  ...overrides,
});

describe('the hash of a stage as sent (idempotency keys)', () => {
  it('is the same for the same stage, whatever the order of distinct fields and wherever the key came from', () => {
    const a = stageHash(stage());
    const reordered = stage({ fields: { stage: '1', exam_type: '1', student_id: '7' } });
    expect(stageHash(reordered)).toBe(a);
    expect(
      stageHash(stage({ items: new Map<number, Record<string, string[]>>([...stage().items.entries()].reverse()) })),
    ).toBe(a);
  });

  it('differs for another answer, another order of answers, another option, another drawing or a model added', () => {
    const a = stageHash(stage());
    const items = (answers: string[]) =>
      new Map<number, Record<string, string[]>>([
        [0, { question_id: ['3'], answer: answers }],
        [1, { question_id: ['4'], option: ['a'] }],
      ]);
    const others = [
      stage({ items: items(['دراجة', 'مظلة']) }),
      stage({ items: items(['نظارة', 'دراجة']) }),
      stage({
        items: new Map<number, Record<string, string[]>>([
          [0, { question_id: ['3'], answer: ['دراجة', 'نظارة'] }],
          [1, { question_id: ['4'], option: ['b'] }],
        ]),
      }),
      stage({ img: Buffer.from('drawinG') }),
      stage({ img: undefined }),
      stage({ model: Buffer.from('solid') }),
      stage({ fields: { ...stage().fields, drawn: '1' } }),
    ].map(stageHash);
    expect(new Set([a, ...others]).size).toBe(others.length + 1);
  });
});
