import type { CategoryInput, CategoryOut, WordLanguage } from '../../../domain/schemas/dictionary';

/**
 * POST /category/category-management replaces a whole category, so each
 * change on the page (a word added, a subcategory removed...) is the
 * category as loaded, with that one change. Pure functions.
 */
export type CategoryPayload = Omit<CategoryInput, 'kind'>;
export interface WordEntry {
  word: string;
  language: WordLanguage;
}

/** The category as loaded, as a payload that changes nothing (its version guards against others' changes). */
export const payloadOf = (category: CategoryOut): CategoryPayload => ({
  id: category.id,
  set_id: category.set_id,
  version: category.version,
  category: category.category,
  subcategories: category.subcategories.map((s) => ({
    id: s.id,
    subcategory: s.subcategory,
    words: s.words.map((w) => ({ word: w.word, language: w.language as WordLanguage })),
  })),
});

const mapWords = (
  category: CategoryOut,
  subcategoryId: number,
  change: (words: WordEntry[]) => WordEntry[],
): CategoryPayload => {
  const payload = payloadOf(category);
  return {
    ...payload,
    subcategories: payload.subcategories.map((s) => (s.id === subcategoryId ? { ...s, words: change(s.words) } : s)),
  };
};

export const withWordAdded = (category: CategoryOut, subcategoryId: number, word: WordEntry) =>
  mapWords(category, subcategoryId, (words) => [...words, word]);

export const withWordChanged = (category: CategoryOut, subcategoryId: number, index: number, word: WordEntry) =>
  mapWords(category, subcategoryId, (words) => words.map((w, i) => (i === index ? word : w)));

export const withWordRemoved = (category: CategoryOut, subcategoryId: number, index: number) =>
  mapWords(category, subcategoryId, (words) => words.filter((_, i) => i !== index));

export const withSubcategoryRemoved = (category: CategoryOut, subcategoryId: number): CategoryPayload => {
  const payload = payloadOf(category);
  return { ...payload, subcategories: payload.subcategories.filter((s) => s.id !== subcategoryId) };
};

/** A server field error of a word ('subcategories.N.words.M.word'), if any. */
export const wordErrorOf = (errors: Record<string, string> | undefined): string | undefined =>
  Object.entries(errors ?? {}).find(([path]) => /\.word$/.test(path))?.[1];
