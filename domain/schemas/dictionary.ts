import { z } from 'zod';
import type { Code } from '../codes';
import { isNoAnswer } from '../scoring/noAnswer';
import { normaliseText } from '../scoring/normalise';
import { codeOf, id, int, requiredText } from './fields';

/**
 * Inputs of the category dictionary (docs/api/scoring.md). A dictionary is
 * organised in category sets (one per question or challenge); a set holds
 * categories, a category subcategories, a subcategory words in any of the
 * four languages.
 */

export const WORD_LANGUAGE_IDS = ['ar', 'en', 'de', 'fr'] as const;
export type WordLanguage = (typeof WORD_LANGUAGE_IDS)[number];
export const WORD_LANGUAGES: readonly Code<WordLanguage>[] = WORD_LANGUAGE_IDS.map((l) => ({
  id: l,
  labelKey: `app.codes.language.${l}`,
}));

/** A word's language: ar, en, de, fr, in any case; 'gr' is German (docs/DECISIONS.md "German is"). */
export const wordLanguage = () =>
  z.preprocess(
    (v) => (typeof v === 'string' ? (v.trim().toLowerCase() === 'gr' ? 'de' : v.trim().toLowerCase()) : v),
    codeOf(WORD_LANGUAGES),
  );

export const WORD_MAX = 100;
export const NAME_MAX = 100;
export const CATEGORY_MAX_WORDS = 10_000;

/** A dictionary word: some text that normalises to something and is not a "no answer" phrase. */
export const dictionaryWord = () =>
  requiredText(WORD_MAX).superRefine((value, ctx) => {
    const normalised = normaliseText(value);
    if (!normalised) ctx.addIssue({ code: 'custom', message: 'app.scoring.wordEmpty' });
    else if (isNoAnswer(normalised)) ctx.addIssue({ code: 'custom', message: 'app.scoring.wordIsNoAnswer' });
  });

const setCode = () =>
  z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? null : v),
    z
      .string()
      .trim()
      .regex(/^[a-z0-9][a-z0-9-]{1,49}$/, { error: 'app.scoring.invalidCode' })
      .nullable()
      .optional(),
  );

/** One word of a subcategory, as a form gives it. */
export const wordEntrySchema = z.object({ word: dictionaryWord(), language: wordLanguage() });

/** Create (no id) or rename (id) a category set. */
export const categorySetInputSchema = z.object({
  kind: z.literal('set'),
  id: id().optional(),
  name: requiredText(NAME_MAX),
  code: setCode(),
});

export const subcategoryInputSchema = z.object({
  /** an existing subcategory of this category keeps its id (and its counter); none creates one */
  id: id().optional(),
  subcategory: requiredText(NAME_MAX),
  words: z.array(wordEntrySchema).max(5000).default([]),
});

/**
 * Create (no id) or replace (id) a category with all its subcategories and
 * words: subcategories not listed are deleted, words are exactly the ones
 * listed. `version` (from the GET) guards against overwriting someone else's
 * change. Inside the payload a subcategory name and a normalised word may
 * appear only once.
 */
export const categoryInputSchema = z
  .object({
    kind: z.literal('category'),
    id: id().optional(),
    set_id: id(),
    version: int().optional(),
    category: requiredText(NAME_MAX),
    subcategories: z.array(subcategoryInputSchema).max(200),
  })
  .superRefine((value, ctx) => {
    if (value.subcategories.reduce((n, s) => n + s.words.length, 0) > CATEGORY_MAX_WORDS) {
      ctx.addIssue({ code: 'custom', path: ['subcategories'], message: 'app.scoring.tooManyWords' });
    }
    const names = new Set<string>();
    const words = new Set<string>();
    value.subcategories.forEach((sub, i) => {
      const name = sub.subcategory.toLowerCase();
      if (names.has(name))
        ctx.addIssue({
          code: 'custom',
          path: ['subcategories', i, 'subcategory'],
          message: 'app.scoring.duplicateSubcategory',
        });
      names.add(name);
      sub.words.forEach((w, j) => {
        const normalised = normaliseText(w.word);
        if (words.has(normalised))
          ctx.addIssue({
            code: 'custom',
            path: ['subcategories', i, 'words', j, 'word'],
            message: 'app.scoring.duplicateWord',
          });
        words.add(normalised);
      });
    });
  });

/** POST /category/category-management: a set or a category, told apart by `kind`. */
export const categoryManagementSchema = z.discriminatedUnion('kind', [categorySetInputSchema, categoryInputSchema]);
export type CategoryInput = z.infer<typeof categoryInputSchema>;
export type CategorySetInput = z.infer<typeof categorySetInputSchema>;

/** POST /category/search-word: a word, in one set or in all. */
export const searchWordSchema = z.object({
  word: requiredText(WORD_MAX),
  set_id: z.preprocess((v) => (v === '' || v === null ? undefined : v), id().optional()),
});

/** GET /category/categories-and-subcategories: one set, or every set. */
export const dictionaryQuerySchema = z.object({
  set_id: z.preprocess((v) => (v === '' || v === null ? undefined : v), id().optional()),
});

/** One row of the words import (xlsx). */
export const wordImportRowSchema = z.object({
  category: requiredText(NAME_MAX),
  subcategory: requiredText(NAME_MAX),
  word: dictionaryWord(),
  language: wordLanguage(),
});
export type WordImportRow = z.infer<typeof wordImportRowSchema>;

export const WORD_IMPORT_FIELDS = ['category', 'subcategory', 'word', 'language'] as const;

/** The column headers of the import template in each language: domain/templates.ts WORD_IMPORT_HEADERS. */

/** The dictionary as the API sends it (GET /category/categories-and-subcategories): the server's output allow-list. */
export const wordOut = z.object({ id: z.number(), word: z.string(), language: z.string(), normalised: z.string() });
export const subcategoryOut = z.object({
  id: z.number(),
  subcategory: z.string(),
  subcategory_counter: z.number(),
  words: z.array(wordOut),
});
export const categoryOut = z.object({
  id: z.number(),
  set_id: z.number(),
  category: z.string(),
  version: z.number(),
  category_counter: z.number(),
  subcategories: z.array(subcategoryOut),
});
export const setOut = z.object({
  id: z.number(),
  code: z.string().nullable(),
  name: z.string(),
  categories_count: z.number(),
  words_count: z.number(),
});
export const dictionaryOut = z.object({ sets: z.array(setOut), categories: z.array(categoryOut) });
export type WordOut = z.infer<typeof wordOut>;
export type SubcategoryOut = z.infer<typeof subcategoryOut>;
export type CategoryOut = z.infer<typeof categoryOut>;
export type SetOut = z.infer<typeof setOut>;
export type Dictionary = z.infer<typeof dictionaryOut>;

/** A place of a word (POST /category/search-word). */
export const wordMatchOut = z.object({
  set_id: z.number(),
  set: z.string(),
  category_id: z.number(),
  category: z.string(),
  subcategory_id: z.number(),
  subcategory: z.string(),
  word: z.string(),
  language: z.string(),
});
export type WordMatch = z.infer<typeof wordMatchOut>;
/** POST /category/search-word: where the word is; a search that finds nothing says so in `error` and `message`. */
export const wordSearchOut = z.object({
  word: z.string(),
  normalised: z.string(),
  matches: z.array(wordMatchOut),
  error: z.string().optional(),
  message: z.string().optional(),
});
export type WordSearchAnswer = z.infer<typeof wordSearchOut>;
/** A search that found the word. */
export type WordSearch = Omit<WordSearchAnswer, 'error' | 'message'>;

/** A wrong cell of an import. */
export const importCellErrorOut = z.object({ row: z.number(), column: z.string(), field: z.string(), key: z.string() });
export type ImportCellError = z.infer<typeof importCellErrorOut>;
/** What an import added (POST /category/import-words). */
export const importResultOut = z.object({
  categories_created: z.number(),
  subcategories_created: z.number(),
  words_added: z.number(),
  words_unchanged: z.number(),
});
export type ImportResult = z.infer<typeof importResultOut>;
