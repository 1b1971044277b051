import type { Identifier } from 'react-admin';
import type {
  CategoryInput,
  CategoryOut,
  CategorySetInput,
  Dictionary,
  ImportCellError,
  ImportResult,
  SetOut,
  WordLanguage,
  WordSearch,
  WordSearchAnswer,
} from '../../domain/schemas/dictionary';
import { apiBlob, apiFetch } from '../http';
import type { ResourceAdapter } from './types';

/**
 * Scoring: the category dictionary (docs/api/scoring.md). The page
 * /category-management is a custom page: its calls are named methods.
 */
/** The dictionary and a word search as the API answers them (domain/schemas/dictionary.ts). */
export type { Dictionary, WordSearch };

export const dictionaryAdapters: Record<string, ResourceAdapter> = {};

/** A search-word answer with an `error` field is thrown, the answer as its body (docs/PRODUCT.md §8 "Word search"). */
export class WordSearchError extends Error {
  constructor(
    readonly key: string,
    readonly body: WordSearchAnswer,
  ) {
    super(key);
    this.name = 'WordSearchError';
  }
}

/** The wrong cells of a refused import, from the error's body (400 app.import.hasErrors). */
export const importCellErrors = (error: unknown): ImportCellError[] => {
  const rows = (error as { body?: { rows?: ImportCellError[] } } | undefined)?.body?.rows;
  return Array.isArray(rows) ? rows : [];
};

export const dictionaryMethods = {
  getDictionary: (setId?: Identifier) =>
    apiFetch<Dictionary>('/category/categories-and-subcategories', {
      query: { set_id: setId === undefined ? undefined : String(setId) },
    }),
  saveCategorySet: (input: Omit<CategorySetInput, 'kind'>) =>
    apiFetch<{ set: SetOut }>('/category/category-management', { method: 'POST', body: { kind: 'set', ...input } }),
  saveCategory: (input: Omit<CategoryInput, 'kind'>) =>
    apiFetch<{ category: CategoryOut }>('/category/category-management', {
      method: 'POST',
      body: { kind: 'category', ...input },
    }),
  deleteCategory: (id: Identifier) =>
    apiFetch<{ message: string }>(`/category/delete-category/${id}`, { method: 'DELETE' }),
  deleteCategorySet: (id: Identifier) =>
    apiFetch<{ message: string }>(`/category/delete-set/${id}`, { method: 'DELETE' }),
  /** Where a word is; throws WordSearchError when the answer has an error field (nothing found). */
  searchWord: async (word: string, setId?: Identifier): Promise<WordSearch> => {
    const answer = await apiFetch<WordSearchAnswer>('/category/search-word', {
      method: 'POST',
      body: { word, ...(setId ? { set_id: setId } : {}) },
    });
    if (answer?.error) throw new WordSearchError(answer.error, answer);
    return answer;
  },
  downloadWordsTemplate: (locale: WordLanguage) => apiBlob('/category/import-words/template', { query: { locale } }),
  /** Imports an xlsx file; a refused file rejects with an HttpError whose body has `rows` (importCellErrors). */
  importWords: (setId: Identifier, file: File) => {
    const form = new FormData();
    form.append('set_id', String(setId));
    form.append('file', file);
    return apiFetch<ImportResult & { message: string }>('/category/import-words', { method: 'POST', body: form });
  },
};
