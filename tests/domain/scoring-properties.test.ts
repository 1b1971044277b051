import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { indexDictionary, scoreQuestion, wordsOfNestedDictionary, type TakerAnswers } from '../../domain/scoring';

/**
 * Property: scores do not change when answers (or dictionary words) are
 * written with other diacritics, tatweel or alef forms. Answers are drawn
 * from the dictionary's words and from words outside it, so matched,
 * unmatched and repeated answers all occur.
 */
const DICTIONARY = {
  'أدوات المطبخ': { أواني: ['إناء', 'صحن', 'ملعقة'], قياس: ['مكيال', 'آلة قياس'] },
  زراعة: { نباتات: ['أصيص', 'زرع نبتة', 'سقي الزرع'] },
  ألعاب: { كرات: ['كرة', 'بالون'], موسيقى: ['طبلة', 'إيقاع'] },
  مشروبات: { ساخنة: ['شاي', 'قهوة'], باردة: ['ماء', 'عصير'] },
};
const OTHER_WORDS = ['قبعة', 'أمي', 'مستشفى', 'إبريق كبير', 'لا يوجد', 'ٱلقمر', 'منارة', 'cup', ''];
const POOL = [...Object.values(DICTIONARY).flatMap((subs) => Object.values(subs).flat()), ...OTHER_WORDS];

const HARAKAT = ['\u064B', '\u064C', '\u064D', '\u064E', '\u064F', '\u0650', '\u0651', '\u0652', '\u0670'];
const ALEFS = ['ا', 'أ', 'إ', 'آ', 'ٱ'];
const isArabicLetter = (c: string) => /[\u0621-\u064A]/.test(c);

/** A way of writing a word differently: per letter, maybe another alef form, diacritics after it, tatweel after it. */
const variantOf = (word: string) =>
  fc
    .array(
      fc.record({
        alef: fc.nat(ALEFS.length - 1),
        marks: fc.array(fc.constantFrom(...HARAKAT), { maxLength: 2 }),
        tatweel: fc.nat(3),
        change: fc.boolean(),
      }),
      { minLength: word.length, maxLength: word.length },
    )
    .map((choices) =>
      [...word]
        .map((c, i) => {
          const { alef, marks, tatweel, change } = choices[i];
          if (!change || !isArabicLetter(c)) return c;
          const letter = ALEFS.includes(c) ? ALEFS[alef] : c;
          // tatweel only between letters that join (not after the last letter), as people type it
          return letter + marks.join('') + (i < word.length - 1 ? 'ـ'.repeat(tatweel) : '');
        })
        .join(''),
    );

const takersArb = fc.array(fc.array(fc.nat(POOL.length - 1), { maxLength: 8 }), { minLength: 1, maxLength: 30 });

const scoresOf = (dictionary: typeof DICTIONARY, takers: TakerAnswers[]) =>
  scoreQuestion(indexDictionary(wordsOfNestedDictionary(dictionary)), takers, {
    rarePercent: 10,
    uncommonPercent: 30,
  }).scores.map(({ taker, fluency, flexibility, originality, originality_per_answer, answers }) => ({
    taker,
    fluency,
    flexibility,
    originality,
    originality_per_answer,
    statuses: answers.map((a) => a.status),
    points: answers.map((a) => a.points),
  }));

describe('scores are invariant under diacritics, tatweel and alef forms', () => {
  it('in the answers', () => {
    fc.assert(
      fc.property(
        takersArb.chain((takers) =>
          fc.tuple(
            fc.constant(takers),
            fc.tuple(...takers.map((answers) => fc.tuple(...answers.map((i) => variantOf(POOL[i]))))),
          ),
        ),
        ([takers, variants]) => {
          const plain = takers.map((answers, t) => ({ taker: `t${t}`, answers: answers.map((i) => POOL[i]) }));
          const written = takers.map((_, t) => ({ taker: `t${t}`, answers: variants[t] as string[] }));
          expect(scoresOf(DICTIONARY, written)).toEqual(scoresOf(DICTIONARY, plain));
        },
      ),
      { numRuns: 300 },
    );
  });

  it('in the dictionary words', () => {
    const words = Object.values(DICTIONARY).flatMap((subs) => Object.values(subs).flat());
    fc.assert(
      fc.property(takersArb, fc.tuple(...words.map(variantOf)), (takers, variants) => {
        const rewrite = new Map(words.map((w, i) => [w, variants[i]]));
        const rewritten = Object.fromEntries(
          Object.entries(DICTIONARY).map(([cat, subs]) => [
            cat,
            Object.fromEntries(Object.entries(subs).map(([sub, list]) => [sub, list.map((w) => rewrite.get(w)!)])),
          ]),
        ) as typeof DICTIONARY;
        const plain = takers.map((answers, t) => ({ taker: `t${t}`, answers: answers.map((i) => POOL[i]) }));
        expect(scoresOf(rewritten, plain)).toEqual(scoresOf(DICTIONARY, plain));
      }),
      { numRuns: 200 },
    );
  });

  it('and the property can fail: a changed letter (not a form of it) changes the scores', () => {
    const plain = [{ taker: 'a', answers: ['كرة', 'شاي'] }];
    const changed = [{ taker: 'a', answers: ['كرة', 'شاب'] }];
    expect(scoresOf(DICTIONARY, changed)).not.toEqual(scoresOf(DICTIONARY, plain));
  });
});
