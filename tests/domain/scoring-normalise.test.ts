import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  isNoAnswer,
  NO_ANSWER_PHRASE,
  NO_ANSWER_PHRASES,
  normaliseText,
  normaliseTextByExpressions,
} from '../../domain/scoring';

describe('normaliseText: the table of docs/SCORING.md', () => {
  it.each([
    // diacritics: fatha, damma, kasra, tanween (three), shadda, sukun, superscript alef
    ['كَتَبَ', 'كتب'],
    ['كُتُبٌ', 'كتب'],
    ['مِكْيَالٍ', 'مكيال'],
    ['شَايًا', 'شايا'],
    ['قِطَّة', 'قطه'],
    ['هٰذا', 'هذا'],
    // tatweel
    ['مكيـــال', 'مكيال'],
    // alef forms
    ['أصيص', 'اصيص'],
    ['إناء', 'اناء'],
    ['آلة', 'اله'],
    ['ٱلكوب', 'الكوب'],
    // alef maqsura and taa marbuta
    ['مستشفى', 'مستشفي'],
    ['طاولة', 'طاوله'],
    // Arabic-Indic and Eastern Arabic-Indic digits
    ['٣ أكواب', '3 اكواب'],
    ['۱۲۳', '123'],
    ['٠١٢٣٤٥٦٧٨٩', '0123456789'],
    // punctuation, Arabic and Latin
    ['شاي، قهوة؛ ماء؟', 'شاي قهوه ماء'],
    ['tea!', 'tea'],
    ['ice-cream', 'ice cream'],
    ['«كوب»', 'كوب'],
    ['(pen) holder...', 'pen holder'],
    ["l'eau", 'leau'],
    ['children’s', 'childrens'],
    // case, German ß and capital ẞ
    ['Pen HOLDER', 'pen holder'],
    ['Straße', 'strasse'],
    ['STRAẞE', 'strasse'],
    ['Tasse', 'tasse'],
    // Latin accents are letters and stay; NFKC joins a decomposed é with a composed one
    ['Café', 'café'],
    ['Cafe\u0301', 'café'],
    ['Über', 'über'],
    // whitespace collapsed and trimmed, including no-break and ideographic spaces
    ['  حامل \t\n أقلام  ', 'حامل اقلام'],
    ['pen\u00a0holder\u3000', 'pen holder'],
    // NFKC: Arabic presentation forms and ligatures, full-width Latin
    ['\uFEDB\uFEEE\uFE8F', 'كوب'],
    ['\uFDF2', 'الله'],
    ['\uFEFB', 'لا'],
    ['\uFEF7', 'لا'],
    ['ｃｕｐ', 'cup'],
    // invisible characters: zero-width joiner/non-joiner, direction marks, byte-order mark
    ['ك\u200Dو\u200Cب\u200F', 'كوب'],
    ['\uFEFFcup\u200E', 'cup'],
    // decomposed hamza and maddah compose (NFKC) and then unify
    ['\u0627\u0653\u0644\u0629', 'اله'],
    ['\u0627\u0654\u0635\u064A\u0635', 'اصيص'],
    // only punctuation or marks: nothing left
    ['...!؟', ''],
    ['ـــَ', ''],
  ])('%s → %s', (input, expected) => {
    expect(normaliseText(input)).toBe(expected);
  });

  it('keeps letters the spec does not unify: hamza on waw and yeh, hamza on the line', () => {
    expect(normaliseText('مُؤْمِن')).toBe('مؤمن');
    expect(normaliseText('سائل')).toBe('سائل');
    expect(normaliseText('ماءٌ')).toBe('ماء');
  });

  it('is idempotent on any text', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 40 }), (s) => {
        const once = normaliseText(s);
        expect(normaliseText(once)).toBe(once);
      }),
      { numRuns: 300 },
    );
  }, 30_000);

  it('gives, in its one-pass table, exactly what the chained regular expressions give', () => {
    const bmpChar = fc
      .integer({ min: 0, max: 0xffff })
      .filter((c) => c < 0xd800 || c > 0xdfff)
      .map((c) => String.fromCharCode(c));
    const arabicish = fc.constantFrom(..."أإآٱىیةکـًٌٍَُِّْٰ٠٩۵،؛؟!?.-_ \t\u200d\ufeff'’ßẞabcAZكوبشاي".split(''));
    fc.assert(
      fc.property(fc.string({ unit: fc.oneof(bmpChar, arabicish), maxLength: 30 }), (s) => {
        expect(normaliseText(s)).toBe(normaliseTextByExpressions(s));
      }),
      { numRuns: 2000 },
    );
  }, 30_000);

  it('leaves no Arabic mark, tatweel, alef variant, Arabic digit, punctuation or double space', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: fc.constantFrom(...'أإآٱىةـًٌٍَُِّْٰ٠٩۵،؛؟!?.-_ \t'.split(''), 'ab', 'كوب'), maxLength: 30 }),
        (s) => {
          const out = normaliseText(s);
          expect(out).not.toMatch(
            /[\u064B-\u065F\u0623\u0625\u0622\u0671\u0649\u0629\u0640٠-٩۰-۹\p{P}]|\u0670|\s\s|^\s|\s$/u,
          );
        },
      ),
    );
  });
});

describe('the "no answer" phrase', () => {
  it('is the Arabic phrase the exam sends, recognised with diacritics, alef forms and punctuation', () => {
    expect(NO_ANSWER_PHRASE).toBe('لا يوجد');
    expect(isNoAnswer(normaliseText('لا يُوجَد.'))).toBe(true);
    expect(isNoAnswer(normaliseText('لا إجابة'))).toBe(true);
    expect(isNoAnswer(normaliseText('لا اجابه'))).toBe(true);
    expect(isNoAnswer(normaliseText('No Answer!'))).toBe(true);
    expect(isNoAnswer(normaliseText('Keine Antwort'))).toBe(true);
    expect(isNoAnswer(normaliseText('Pas de réponse'))).toBe(true);
  });

  it('is a whole answer only: an answer containing it is an answer', () => {
    expect(isNoAnswer(normaliseText('لا يوجد غيره'))).toBe(false);
    expect(isNoAnswer(normaliseText('no answer needed'))).toBe(false);
    expect(isNoAnswer('')).toBe(false);
  });

  it('lists each phrase once after normalisation', () => {
    const normalised = NO_ANSWER_PHRASES.map(normaliseText);
    expect(new Set(normalised).size).toBe(normalised.length);
  });
});
