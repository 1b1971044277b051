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
const ARABIC_MARKS =
  '\\u0610-\\u061A\\u064B-\\u065F\\u0670\\u06D6-\\u06DC\\u06DF-\\u06E4\\u06E7\\u06E8\\u06EA-\\u06ED\\u08D3-\\u08E1\\u08E3-\\u08FF';
const TATWEEL = '\\u0640';
/** Removed outright: marks, tatweel, invisible format characters (\p{Cf}: ZWJ, ZWNJ, LRM, RLM, ALM, BOM...). */
const REMOVED = new RegExp(`[${ARABIC_MARKS}${TATWEEL}]|\\p{Cf}|['’ʼ‘]`, 'gu');
const PUNCTUATION = /\p{P}/gu;
const SPACES = /\s+/gu;

/** Single characters replaced by another text (applied after lower-casing). */
export const LETTER_MAP: Readonly<Record<string, string>> = {
  أ: 'ا',
  إ: 'ا',
  آ: 'ا',
  ٱ: 'ا',
  ٲ: 'ا',
  ٳ: 'ا',
  ى: 'ي',
  ی: 'ي',
  ة: 'ه',
  ک: 'ك',
  ß: 'ss',
  ς: 'σ',
  ...Object.fromEntries([...'٠١٢٣٤٥٦٧٨٩'].map((d, i) => [d, String(i)])),
  ...Object.fromEntries([...'۰۱۲۳۴۵۶۷۸۹'].map((d, i) => [d, String(i)])),
};
const MAPPED = new RegExp(`[${Object.keys(LETTER_MAP).join('')}]`, 'gu');

/**
 * The steps 3 to 7 as one table of the Basic Multilingual Plane, built once:
 * what each character becomes after lower-casing. Removal wins over
 * mapping, mapping over punctuation and spaces (an apostrophe is removed,
 * a byte-order mark too, though it counts as a space). A 0 in the table
 * keeps the character as it is.
 */
const REMOVE = 1;
const MAP = 2;
const SPACE = 3;
let table: Uint8Array | undefined;
/** Built on first use (a few milliseconds), so a page that never normalises never pays for it. */
const classTable = (): Uint8Array => {
  if (table) return table;
  const built = new Uint8Array(0x10000);
  for (let code = 0; code < 0x10000; code += 1) {
    if (code >= 0xd800 && code <= 0xdfff) continue;
    const c = String.fromCharCode(code);
    REMOVED.lastIndex = 0;
    PUNCTUATION.lastIndex = 0;
    SPACES.lastIndex = 0;
    if (REMOVED.test(c)) built[code] = REMOVE;
    else if (c in LETTER_MAP) built[code] = MAP;
    else if (PUNCTUATION.test(c) || SPACES.test(c)) built[code] = SPACE;
  }
  table = built;
  return built;
};
const HAS_SURROGATE = /[\uD800-\uDFFF]/;

/** Steps 3 to 7 with regular expressions: the definition, used for text beyond the BMP (rare). */
const byExpressions = (lowered: string): string =>
  lowered
    .replace(REMOVED, '')
    .replace(MAPPED, (c) => LETTER_MAP[c])
    .replace(PUNCTUATION, ' ')
    .replace(SPACES, ' ')
    .trim();

/** Steps 3 to 7 in one pass over the table (the same result as byExpressions, tested). */
const byTable = (lowered: string): string => {
  const CLASS = classTable();
  let out = '';
  let pendingSpace = false;
  for (let i = 0; i < lowered.length; i += 1) {
    const code = lowered.charCodeAt(i);
    const kind = CLASS[code];
    if (kind === REMOVE) continue;
    if (kind === SPACE) {
      pendingSpace = out.length > 0;
      continue;
    }
    if (pendingSpace) {
      out += ' ';
      pendingSpace = false;
    }
    out += kind === MAP ? LETTER_MAP[lowered[i]] : lowered[i];
  }
  return out;
};

/** The normalised form of a text, the only form scoring ever compares. */
export function normaliseText(text: string): string {
  const lowered = text.normalize('NFKC').toLowerCase();
  return (HAS_SURROGATE.test(lowered) ? byExpressions(lowered) : byTable(lowered)).normalize('NFC');
}

/** The same steps written as chained regular expressions: the reference the table is tested against. */
export const normaliseTextByExpressions = (text: string): string =>
  byExpressions(text.normalize('NFKC').toLowerCase()).normalize('NFC');
