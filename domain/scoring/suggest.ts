import { distance } from 'fastest-levenshtein';
import { normaliseText } from './normalise';

/**
 * Suggestions for answer words that matched no dictionary word
 * (POST /answers/submit/to/ai): which subcategory a human might put them
 * in, found in the dictionary itself and ranked with a confidence in
 * [0, 1]. Suggestions never score: scoring matches exactly (engine.ts).
 *
 * For each dictionary word (already normalised) the best of:
 * - exact:   the same normalised form                               → 1
 * - variant: the same once a leading article or conjunction is taken
 *            away (ال, و, بال, وال, لل; the, a, an; der/die/das; le/la/les/l) → 0.95
 * - fuzzy:   edit distance (Levenshtein on the normalised forms):
 *            similarity = 1 − distance ÷ longer length, kept from 0.6,
 *            confidence = 0.9 × similarity
 * - part:    the two share words of more than two letters: 0.5 + 0.3 × shared ÷ longer
 *            word count when every such word of one is in the other ("قارب ورقي كبير" ⊃
 *            "قارب ورقي"), otherwise 0.3 + 0.3 × shared ÷ longer ("بيت للعصافير" ~ "بيت للقطة")
 * A subcategory is suggested once, with its best word; suggestions are
 * ranked by confidence, then by subcategory id (deterministic), at most `limit`.
 */

export interface SuggestionWord {
  normalised: string;
  word: string;
  categoryId: number;
  category: string;
  subcategoryId: number;
  subcategory: string;
}

export type SuggestionKind = 'exact' | 'variant' | 'fuzzy' | 'part';

export interface Suggestion {
  category_id: number;
  category: string;
  subcategory_id: number;
  subcategory: string;
  /** the dictionary word that brought the suggestion */
  matched_word: string;
  via: SuggestionKind;
  /** edit distance between the normalised forms */
  distance: number;
  confidence: number;
}

export const MIN_SIMILARITY = 0.6;

const ARABIC_PREFIXES = ['وال', 'بال', 'لل', 'ال', 'و'];
const LATIN_ARTICLES = new Set([
  'the',
  'a',
  'an',
  'der',
  'die',
  'das',
  'ein',
  'eine',
  'le',
  'la',
  'les',
  'un',
  'une',
  'des',
  'l',
]);

/** The normalised form without a leading article or conjunction, word by word. */
export function stripArticles(normalised: string): string {
  return normalised
    .split(' ')
    .filter((token, i, all) => !(LATIN_ARTICLES.has(token) && all.length > 1))
    .map((token) => {
      for (const p of ARABIC_PREFIXES)
        if (token.startsWith(p) && token.length - p.length >= 2) return token.slice(p.length);
      return token;
    })
    .join(' ');
}

const round2 = (x: number) => Math.round(x * 100) / 100;

/** The words of a form that carry meaning: longer than two letters (not في, من, of, in...). */
const meaningful = (bare: string): string[] => [...new Set(bare.split(' ').filter((t) => [...t].length > 2))];

/** How one answer relates to one dictionary word, or null when not at all. */
function relate(
  answer: string,
  answerBare: string,
  answerTokens: Set<string>,
  w: SuggestionWord,
  bare: string,
): Omit<Suggestion, 'category_id' | 'category' | 'subcategory_id' | 'subcategory' | 'matched_word'> | null {
  const d = distance(answer, w.normalised);
  if (d === 0) return { via: 'exact', distance: 0, confidence: 1 };
  if (answerBare === bare) return { via: 'variant', distance: d, confidence: 0.95 };
  const similarity = 1 - Math.min(d, distance(answerBare, bare)) / Math.max(answer.length, w.normalised.length, 1);
  let best: { via: SuggestionKind; confidence: number } | null =
    similarity >= MIN_SIMILARITY ? { via: 'fuzzy', confidence: round2(0.9 * similarity) } : null;
  const tokens = meaningful(bare);
  if (tokens.length && answerTokens.size) {
    const shared = tokens.filter((t) => answerTokens.has(t)).length;
    const longer = Math.max(tokens.length, answerTokens.size);
    const contained = shared === tokens.length || shared === answerTokens.size;
    if (shared > 0 && shared < longer) {
      const confidence = round2((contained ? 0.5 : 0.3) + 0.3 * (shared / longer));
      if (!best || confidence > best.confidence) best = { via: 'part', confidence };
    }
  }
  return best ? { ...best, distance: d } : null;
}

const bareCache = new WeakMap<readonly SuggestionWord[], string[]>();
/** The words without articles, computed once per dictionary list. */
function bareForms(words: readonly SuggestionWord[]): string[] {
  let bares = bareCache.get(words);
  if (!bares) {
    bares = words.map((w) => stripArticles(w.normalised));
    bareCache.set(words, bares);
  }
  return bares;
}

/** Ranked suggestions for one answer text among the words of a dictionary. */
export function suggestSubcategories(text: string, words: readonly SuggestionWord[], limit = 3): Suggestion[] {
  const answer = normaliseText(text);
  if (!answer) return [];
  const answerBare = stripArticles(answer);
  const answerTokens = new Set(meaningful(answerBare));
  const best = new Map<number, Suggestion>();
  const bares = bareForms(words);
  for (let i = 0; i < words.length; i += 1) {
    const w = words[i];
    const found = relate(answer, answerBare, answerTokens, w, bares[i]);
    if (!found) continue;
    const s: Suggestion = {
      category_id: w.categoryId,
      category: w.category,
      subcategory_id: w.subcategoryId,
      subcategory: w.subcategory,
      matched_word: w.word,
      ...found,
    };
    const had = best.get(w.subcategoryId);
    if (!had || s.confidence > had.confidence || (s.confidence === had.confidence && s.distance < had.distance))
      best.set(w.subcategoryId, s);
  }
  return [...best.values()]
    .sort((a, b) => b.confidence - a.confidence || a.distance - b.distance || a.subcategory_id - b.subcategory_id)
    .slice(0, limit);
}
