import type { CategoryOut } from '../../domain/schemas/dictionary';
import { dataProvider } from '../../src/dataProvider';
import { importCellErrors, WordSearchError } from '../../src/dataProvider/dictionary';
import {
  payloadOf,
  withSubcategoryRemoved,
  withWordAdded,
  withWordChanged,
  withWordRemoved,
  wordErrorOf,
} from '../../src/custom-pages/category-management/categoryPayload';
import { saveSession } from '../../src/session';
import { json, mockFetch } from './helpers';

const category: CategoryOut = {
  id: 5,
  set_id: 2,
  category: 'مشروبات',
  version: 3,
  category_counter: 7,
  subcategories: [
    {
      id: 10,
      subcategory: 'ساخنة',
      subcategory_counter: 4,
      words: [
        { id: 1, word: 'شاي', language: 'ar', normalised: 'شاي' },
        { id: 2, word: 'tea', language: 'en', normalised: 'tea' },
      ],
    },
    {
      id: 11,
      subcategory: 'باردة',
      subcategory_counter: 3,
      words: [{ id: 3, word: 'ماء', language: 'ar', normalised: 'ماء' }],
    },
  ],
};

describe('category payloads: the loaded category with one change', () => {
  it('keeps ids, version and every word when nothing changes', () => {
    expect(payloadOf(category)).toEqual({
      id: 5,
      set_id: 2,
      version: 3,
      category: 'مشروبات',
      subcategories: [
        {
          id: 10,
          subcategory: 'ساخنة',
          words: [
            { word: 'شاي', language: 'ar' },
            { word: 'tea', language: 'en' },
          ],
        },
        { id: 11, subcategory: 'باردة', words: [{ word: 'ماء', language: 'ar' }] },
      ],
    });
  });

  it('adds, changes and removes a word of one subcategory only', () => {
    expect(
      withWordAdded(category, 11, { word: 'عصير', language: 'ar' }).subcategories.map((s) => s.words.length),
    ).toEqual([2, 2]);
    expect(withWordChanged(category, 10, 1, { word: 'Tee', language: 'de' }).subcategories[0].words).toEqual([
      { word: 'شاي', language: 'ar' },
      { word: 'Tee', language: 'de' },
    ]);
    expect(withWordRemoved(category, 10, 0).subcategories[0].words).toEqual([{ word: 'tea', language: 'en' }]);
    expect(withWordRemoved(category, 10, 0).subcategories[1]).toEqual(payloadOf(category).subcategories[1]);
  });

  it('removes a subcategory (the server deletes what is not listed)', () => {
    expect(withSubcategoryRemoved(category, 10).subcategories.map((s) => s.id)).toEqual([11]);
  });

  it("finds the server's error on a word, whatever its place", () => {
    expect(wordErrorOf({ 'subcategories.1.words.2.word': 'app.scoring.wordTaken' })).toBe('app.scoring.wordTaken');
    expect(wordErrorOf({ category: 'app.validation.required' })).toBeUndefined();
    expect(wordErrorOf(undefined)).toBeUndefined();
  });
});

describe('scoring data provider methods', () => {
  beforeEach(() =>
    saveSession('tok-1', {
      id: 1,
      name: 'Admin',
      email: 'a@x',
      type: 1,
      roles: ['admin'],
      permissions: ['admin_neomi'],
    }),
  );

  it('search-word: returns the matches; an answer with an error field is thrown, the answer kept (docs/PRODUCT.md §8)', async () => {
    const found = {
      word: 'tea',
      normalised: 'tea',
      matches: [
        {
          set_id: 2,
          set: 's',
          category_id: 5,
          category: 'c',
          subcategory_id: 10,
          subcategory: 'x',
          word: 'tea',
          language: 'en',
        },
      ],
    };
    const calls = mockFetch((c) =>
      json(
        (c.body as { word: string }).word === 'tea'
          ? found
          : {
              word: 'kite',
              normalised: 'kite',
              matches: [],
              error: 'app.scoring.wordNotFound',
              message: 'This word belongs to no category',
            },
      ),
    );
    await expect(dataProvider.searchWord('tea', 2)).resolves.toEqual(found);
    expect(calls[0]).toMatchObject({
      method: 'POST',
      url: '/api/category/search-word',
      body: { word: 'tea', set_id: 2 },
    });
    const error = await dataProvider.searchWord('kite').catch((e) => e);
    expect(error).toBeInstanceOf(WordSearchError);
    expect(error.key).toBe('app.scoring.wordNotFound');
    expect(error.body.normalised).toBe('kite');
    expect(calls[1].body).toEqual({ word: 'kite' });
  });

  it('saves a set or a category with its kind, and imports a file as multipart', async () => {
    const calls = mockFetch((c) =>
      c.url.includes('import-words')
        ? json(
            {
              message: 'x',
              key: 'app.import.hasErrors',
              rows: [{ row: 3, column: 'A', field: 'category', key: 'app.validation.required' }],
            },
            400,
          )
        : json({ set: {}, category: {} }),
    );
    await dataProvider.saveCategorySet({ name: 'n' });
    await dataProvider.saveCategory(payloadOf(category));
    expect(calls.map((c) => (c.body as { kind: string }).kind)).toEqual(['set', 'category']);
    const refused = await dataProvider.importWords(2, new File(['x'], 'w.xlsx')).catch((e) => e);
    expect(calls[2].body).toBeInstanceOf(FormData);
    expect((calls[2].body as FormData).get('set_id')).toBe('2');
    expect(refused.message).toBe('app.import.hasErrors');
    expect(importCellErrors(refused)).toEqual([
      { row: 3, column: 'A', field: 'category', key: 'app.validation.required' },
    ]);
  });
});
