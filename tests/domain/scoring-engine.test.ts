import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  DictionaryError,
  indexDictionary,
  originalityPoints,
  scoreFile,
  scoreQuestion,
  wordsOfNestedDictionary,
  type ScoringFile,
  type TakerScore,
} from '../../domain/scoring';

/**
 * The worked example of docs/SCORING.md: "uses of a cup", 200 takers
 * (4 written out, 196 others: 8 answered 'شاي', 5 'حامل أقلام', 183 'ماء').
 * Every expected number below is worked out by hand in the comments.
 */
const sample: ScoringFile = JSON.parse(
  fs.readFileSync(new URL('../fixtures/scoring/sample.json', import.meta.url), 'utf8'),
);
const index = indexDictionary(wordsOfNestedDictionary(sample.dictionary));
const result = scoreQuestion(
  index,
  sample.takers.map((t) => ({ taker: String(t.taker), answers: t.answers })),
);
const byTaker = (name: string) => result.scores.find((s) => s.taker === name) as TakerScore;
const summary = ({ fluency, flexibility, originality, originality_per_answer }: TakerScore) => ({
  fluency,
  flexibility,
  originality,
  originality_per_answer,
});

describe('the worked example (docs/SCORING.md)', () => {
  it('is the data set the document describes', () => {
    expect(sample.takers).toHaveLength(200);
    const others = sample.takers.slice(4).map((t) => t.answers.join());
    expect(others.filter((a) => a === 'شاي')).toHaveLength(8);
    expect(others.filter((a) => a === 'حامل أقلام')).toHaveLength(5);
    expect(others.filter((a) => a === 'ماء')).toHaveLength(183);
  });

  it('counts the takers of each subcategory once per taker, and gives points by share of 200', () => {
    // hot drinks: amal (شاي and قهوة: one taker), ben (tea), 8 others = 10 → 5% → not under 5% → 0
    // cold drinks: ben (juice), carla (ماء, water), dina (ماءٌ, عصير), 183 others = 186 → 0
    // plant pot: amal = 1 → 0.5% → under 1% → 2;  watering: dina = 1 → 2;  measuring: carla = 1 → 2
    // pen holder: ben, carla, 5 others = 7 → 3.5% → 1
    // drum: amal, ben = 2 → exactly 1% → not under 1%, under 5% → 1
    expect(result.takers).toBe(200);
    expect(Object.fromEntries(result.shares.map((s) => [s.subcategory, [s.takers, s.points]]))).toEqual({
      'مشروبات ساخنة': [10, 0],
      'مشروبات باردة': [186, 0],
      أصيص: [1, 2],
      سقي: [1, 2],
      'حامل أقلام': [7, 1],
      قياس: [1, 2],
      طبلة: [2, 1],
    });
  });

  it('amal (Arabic): repeats in diacritics and alef forms, "no answer", an empty and an unmatched answer', () => {
    // شاي ✓ hot | شَايٌ repeat of شاي | قهوة ✓ hot | أصيص ✓ plant pot | اصيص repeat of أصيص
    // طبلة ✓ drum | لا يوجد no answer | '' empty | قبعة للدمية ✓ matches nothing (counts for fluency)
    // fluency 5; categories drinks, gardening, music = 3; originality hot 0 + plant pot 2 + drum 1 = 3; 3/5 = 0.6
    const amal = byTaker('amal');
    expect(summary(amal)).toEqual({ fluency: 5, flexibility: 3, originality: 3, originality_per_answer: 0.6 });
    expect(amal.answers.map((a) => a.status)).toEqual([
      'relevant',
      'repeat',
      'relevant',
      'relevant',
      'repeat',
      'relevant',
      'no_answer',
      'empty',
      'relevant',
    ]);
    expect(amal.answers.map((a) => a.points)).toEqual([0, 0, 0, 2, 0, 1, 0, 0, 0]);
    expect(amal.answers[8]).toMatchObject({ normalised: 'قبعه للدميه', category: null, subcategory: null });
  });

  it('ben (English): case and punctuation repeats, English "no answer", blank answer', () => {
    // Tea ✓ hot | tea! repeat | Juice ✓ cold | Pen holder ✓ pen holder | DRUM ✓ drum
    // a hat for a doll ✓ unmatched | No answer | '   ' empty
    // fluency 5; drinks, tools, music = 3; hot 0 + cold 0 + pen holder 1 + drum 1 = 2; 2/5 = 0.4
    expect(summary(byTaker('ben'))).toEqual({
      fluency: 5,
      flexibility: 3,
      originality: 2,
      originality_per_answer: 0.4,
    });
    expect(byTaker('ben').answers.map((a) => a.status)).toEqual([
      'relevant',
      'repeat',
      'relevant',
      'relevant',
      'relevant',
      'relevant',
      'no_answer',
      'empty',
    ]);
  });

  it('carla: two words of one subcategory count twice for fluency but once for flexibility and originality', () => {
    // ماء ✓ cold | water ✓ cold (another word) | حامل أقلام ✓ pen holder | مكيـــال ✓ measuring (tatweel) | measuring cup ✓ measuring
    // fluency 5; drinks, tools = 2; cold 0 + pen holder 1 + measuring 2 (once) = 3; 3/5 = 0.6
    expect(summary(byTaker('carla'))).toEqual({
      fluency: 5,
      flexibility: 2,
      originality: 3,
      originality_per_answer: 0.6,
    });
    expect(byTaker('carla').answers.map((a) => a.points)).toEqual([0, 0, 1, 2, 0]);
  });

  it('dina: tanween and full diacritics match, the other "no answer" phrase', () => {
    // ماءٌ ✓ cold | عصير ✓ cold | سَقْيُ الزَّرْعِ ✓ watering | لا إجابة no answer
    // fluency 3; drinks, gardening = 2; cold 0 + watering 2 = 2; 2/3 = 0.67
    expect(summary(byTaker('dina'))).toEqual({
      fluency: 3,
      flexibility: 2,
      originality: 2,
      originality_per_answer: 0.67,
    });
  });

  it('the others: one answer each, 1 point only for the pen holder (3.5%)', () => {
    const others = result.scores.slice(4);
    const originalityOf = (answer: string) =>
      new Set(others.filter((s) => s.answers[0].text === answer).map((s) => s.originality));
    expect(originalityOf('شاي')).toEqual(new Set([0]));
    expect(originalityOf('حامل أقلام')).toEqual(new Set([1]));
    expect(originalityOf('ماء')).toEqual(new Set([0]));
    expect(others.every((s) => s.fluency === 1 && s.flexibility === 1)).toBe(true);
  });

  it('scoreFile gives the same four numbers', () => {
    const scored = scoreFile(sample);
    expect(Object.keys(scored)).toHaveLength(200);
    expect(scored.amal).toEqual(summary(byTaker('amal')));
    expect(scored.t009).toEqual({ fluency: 1, flexibility: 1, originality: 1, originality_per_answer: 1 });
  });
});

describe('originality thresholds', () => {
  it('under 1% → 2, from 1% to under 5% → 1, 5% and more → 0 (compared without rounding)', () => {
    expect(originalityPoints(1, 101)).toBe(2); // 0.99%
    expect(originalityPoints(1, 100)).toBe(1); // 1%
    expect(originalityPoints(4, 81)).toBe(1); // 4.94%
    expect(originalityPoints(5, 100)).toBe(0); // 5%
    expect(originalityPoints(3, 3)).toBe(0);
    expect(originalityPoints(0, 100)).toBe(0);
  });

  it('are parameters: other settings give other points', () => {
    const settings = { rarePercent: 10, uncommonPercent: 50 };
    expect(originalityPoints(1, 20, settings)).toBe(2); // 5% < 10%
    expect(originalityPoints(2, 20, settings)).toBe(1); // 10%
    expect(originalityPoints(10, 20, settings)).toBe(0); // 50%
    // with these thresholds, amal's hot drinks (10 of 200 = 5%) score 2
    const again = scoreQuestion(
      index,
      sample.takers.map((t) => ({ taker: String(t.taker), answers: t.answers })),
      settings,
    );
    expect(again.scores[0].originality).toBe(2 + 2 + 2);
  });

  it('rejects thresholds out of order or range', () => {
    expect(() => scoreQuestion(index, [], { rarePercent: 6, uncommonPercent: 5 })).toThrow(RangeError);
    expect(() => scoreQuestion(index, [], { rarePercent: -1, uncommonPercent: 5 })).toThrow(RangeError);
    expect(() => scoreQuestion(index, [], { rarePercent: 1, uncommonPercent: 101 })).toThrow(RangeError);
    expect(() => scoreQuestion(index, [], { rarePercent: Number.NaN, uncommonPercent: 5 })).toThrow(RangeError);
  });
});

describe('small cases', () => {
  const small = indexDictionary(
    wordsOfNestedDictionary({
      round: { fruit: ['orange', 'برتقالة'], ball: ['ball', 'كرة'] },
      kitchen: { dish: ['plate', 'صحن'] },
    }),
  );

  it('a single taker is 100% of the takers: no originality, fluency and flexibility as usual', () => {
    const [one] = scoreQuestion(small, [{ taker: 'x', answers: ['Orange', 'كُرَة', 'plate', 'moon'] }]).scores;
    expect([one.fluency, one.flexibility, one.originality, one.originality_per_answer]).toEqual([4, 2, 0, 0]);
  });

  it('a taker with no relevant answer has zeros, and still counts as a taker', () => {
    const scores = scoreQuestion(small, [
      { taker: 'a', answers: [] },
      { taker: 'b', answers: ['', 'لا يوجد', '...'] },
      ...Array.from({ length: 98 }, (_, i) => ({ taker: `n${i}`, answers: ['moon'] })),
      { taker: 'c', answers: ['ball'] },
    ]);
    expect(scores.takers).toBe(101);
    expect(scores.scores[0]).toMatchObject({ fluency: 0, flexibility: 0, originality: 0, originality_per_answer: 0 });
    expect(scores.scores[1]).toMatchObject({ fluency: 0, flexibility: 0, originality: 0, originality_per_answer: 0 });
    // 1 of 101 takers gave a ball: 0.99% → 2 points
    expect(scores.scores[100]).toMatchObject({ fluency: 1, flexibility: 1, originality: 2, originality_per_answer: 2 });
  });

  it('gives the same scores whatever the order of the takers', () => {
    const takers = [
      { taker: 'a', answers: ['ball', 'plate'] },
      { taker: 'b', answers: ['كرة'] },
      { taker: 'c', answers: ['صحن', 'orange'] },
    ];
    const forward = scoreQuestion(small, takers).scores;
    const backward = scoreQuestion(small, [...takers].reverse()).scores;
    expect(Object.fromEntries(backward.map((s) => [s.taker, s]))).toEqual(
      Object.fromEntries(forward.map((s) => [s.taker, s])),
    );
  });

  it('refuses a taker named twice', () => {
    expect(() =>
      scoreQuestion(small, [
        { taker: 'a', answers: [] },
        { taker: 'a', answers: [] },
      ]),
    ).toThrow(RangeError);
  });
});

describe('the dictionary index', () => {
  it('finds a word after normalisation, never by resemblance', () => {
    const idx = indexDictionary([{ word: 'أصِيص', category: 'garden', subcategory: 'pot' }]);
    expect(idx.lookup('اصيص')?.subcategory).toBe('pot');
    expect(idx.lookup('اصيصي')).toBeUndefined();
    expect(idx.lookup('اصي')).toBeUndefined();
  });

  it('refuses one normalised form in two subcategories, an empty word and a "no answer" word', () => {
    const words = (list: [string, string, string][]) =>
      list.map(([word, category, subcategory]) => ({ word, category, subcategory }));
    expect(() =>
      indexDictionary(
        words([
          ['شاي', 'a', 'x'],
          ['شَاي', 'a', 'y'],
        ]),
      ),
    ).toThrow(DictionaryError);
    expect(() =>
      indexDictionary(
        words([
          ['شاي', 'a', 'x'],
          ['شاي', 'b', 'x'],
        ]),
      ),
    ).toThrow(/conflict/);
    expect(() => indexDictionary(words([['؟!', 'a', 'x']]))).toThrow(/empty/);
    expect(() => indexDictionary(words([['لا يُوجد', 'a', 'x']]))).toThrow(/noAnswer/);
    expect(
      indexDictionary(
        words([
          ['شاي', 'a', 'x'],
          ['شَايٌ', 'a', 'x'],
        ]),
      ).size,
    ).toBe(1);
  });

  it('keeps subcategories of the same name in two categories apart', () => {
    const idx = indexDictionary([
      { word: 'ball', category: 'round', subcategory: 'other' },
      { word: 'box', category: 'square', subcategory: 'other' },
    ]);
    expect(idx.subcategories).toHaveLength(2);
    const [s] = scoreQuestion(idx, [{ taker: 'a', answers: ['ball', 'box'] }]).scores;
    expect(s.flexibility).toBe(2);
  });
});
