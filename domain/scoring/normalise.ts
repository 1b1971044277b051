/**
 * Text normalisation applied to every answer and every dictionary word
 * before they are compared (docs/SCORING.md, "Normalisation"). Pure and
 * idempotent: normaliseText(normaliseText(x)) === normaliseText(x).
 *
 * Steps, in this order:
 *  1. Unicode NFKC: presentation forms (ﻻ ﷲ ﺏ), ligatures, full-width and
 *     compatibility characters become their ordinary letters and digits.
 *  2. Unicode lower case, then the case foldings lower case misses:
 *     ß → ss, final sigma ς → σ.
 *  3. Removed: Arabic diacritics (harakat, tanween, shadda, sukun, maddah
 *     and hamza marks above/below, superscript alef, Quranic marks),
 *     tatweel, and invisible format characters (zero-width joiners,
 *     direction marks, byte-order mark).
 *  4. Letters unified: alef forms أ إ آ ٱ ٲ ٳ → ا; alef maqsura ى and
 *     Persian yeh ی → ي; taa marbuta ة → ه; Persian keheh ک → ك.
 *  5. Digits: Arabic-Indic ٠-٩ and Eastern Arabic-Indic ۰-۹ → 0-9.
 *  6. Punctuation (every Unicode punctuation character, Arabic ، ؛ ؟ ٪ ٫ ٬
 *     and Latin alike) becomes a space; apostrophes are removed.
 *  7. Whitespace collapsed to one space and trimmed.
 *
 * Latin accents (é, ü) are kept: they are letters of French and German, and
 * NFKC already makes a decomposed é equal to a composed one.
 */

/** Arabic combining marks: Quranic signs, harakat/tanween/shadda/sukun/maddah/hamza marks, superscript alef, extended marks. */
const ARABIC_MARKS = '\\u0610-\\u061A\\u064B-\\u065F\\u0670\\u06D6-\\u06DC\\u06DF-\\u06E4\\u06E7\\u06E8\\u06EA-\\u06ED\\u08D3-\\u08E1\\u08E3-\\u08FF';
const TATWEEL = '\\u0640';
/** Removed outright: marks, tatweel, invisible format characters (\p{Cf}: ZWJ, ZWNJ, LRM, RLM, ALM, BOM...). */
const REMOVED = new RegExp(`[${ARABIC_MARKS}${TATWEEL}]|\\p{Cf}|['’ʼ‘]`, 'gu');
const PUNCTUATION = /\p{P}/gu;
const SPACES = /\s+/gu;

/** Single characters replaced by another text (applied after lower-casing). */
export const LETTER_MAP: Readonly<Record<string, string>> = {
  'أ': 'ا', 'إ': 'ا', 'آ': 'ا', 'ٱ': 'ا', 'ٲ': 'ا', 'ٳ': 'ا',
  'ى': 'ي', 'ی': 'ي',
  'ة': 'ه',
  'ک': 'ك',
  'ß': 'ss', 'ς': 'σ',
  ...Object.fromEntries([...'٠١٢٣٤٥٦٧٨٩'].map((d, i) => [d, String(i)])),
  ...Object.fromEntries([...'۰۱۲۳۴۵۶۷۸۹'].map((d, i) => [d, String(i)])),
};
const MAPPED = new RegExp(`[${Object.keys(LETTER_MAP).join('')}]`, 'gu');

/** The normalised form of a text, the only form scoring ever compares. */
export function normaliseText(text: string): string {
  return text
    .normalize('NFKC')
    .toLowerCase()
    .replace(REMOVED, '')
    .replace(MAPPED, (c) => LETTER_MAP[c])
    .replace(PUNCTUATION, ' ')
    .replace(SPACES, ' ')
    .trim()
    .normalize('NFC');
}
