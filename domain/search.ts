import { normaliseText } from './scoring/normalise';

/**
 * Word search for lists (activities by title): a stored search text and a
 * query that match as a person expects in Arabic and the other languages.
 * Both sides are normalised like the scoring engine's words (diacritics,
 * alef forms, taa marbuta, digits, case: docs/SCORING.md). Arabic glues
 * و ف ب ك ل and the article ال to the word ("والقمر" = "and the moon"), so
 * the stored text also keeps each word without them: "القمر" and "قمر"
 * find "والقمر". Each query word matches the start of a stored word.
 */
const ARABIC_PREFIXES = ['وال', 'فال', 'بال', 'كال', 'لل', 'ال', 'و', 'ف', 'ب', 'ك', 'ل'];
const WORD = /[\p{L}\p{N}]+/gu;

export const searchWords = (text: string): string[] => normaliseText(text).match(WORD) ?? [];

/** The text stored beside a record for searching: its words and their Arabic stems without glued prefixes. */
export function searchDocument(...texts: (string | null | undefined)[]): string {
  const out = new Set<string>();
  for (const word of texts.flatMap((t) => (t ? searchWords(t) : []))) {
    out.add(word);
    for (const prefix of ARABIC_PREFIXES) {
      if (word.startsWith(prefix) && word.length - prefix.length >= 2) out.add(word.slice(prefix.length));
    }
  }
  return [...out].join(' ');
}

/** A PostgreSQL tsquery text (every word a prefix, all required); undefined when the text has no word. */
export function prefixQuery(text: string | undefined): string | undefined {
  const words = text ? searchWords(text).slice(0, 8) : [];
  return words.length ? words.map((w) => `${w}:*`).join(' & ') : undefined;
}
