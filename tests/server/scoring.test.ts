import { and, count, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { categorySets, categoryWords, logs } from '../../server/db/schema';
import { multipart } from './support/files';
import { withApp, type Caller } from './support/withApp';

const t = withApp();
/** every demo account without admin_neomi */
const others = ['region', 'school', 'teacher', 'family', 'marker'] as const;

interface Word {
  id: number;
  word: string;
  language: string;
  normalised: string;
}
interface Sub {
  id: number;
  subcategory: string;
  subcategory_counter: number;
  words: Word[];
}
interface Category {
  id: number;
  set_id: number;
  category: string;
  version: number;
  category_counter: number;
  subcategories: Sub[];
}
interface CategorySet {
  id: number;
  code: string | null;
  name: string;
  categories_count: number;
  words_count: number;
}

const setIdByCode = async (code: string) =>
  (await t.db.select({ id: categorySets.id }).from(categorySets).where(eq(categorySets.code, code)))[0].id;
const wordsIn = async (setId: number) =>
  (await t.db.select({ n: count() }).from(categoryWords).where(eq(categoryWords.setId, setId)))[0].n;
const manage = (payload: unknown, as: Caller = 'admin') =>
  t.inject({ method: 'POST', url: '/api/category/category-management', as, payload });
const search = (payload: unknown, as: Caller = 'admin') =>
  t.inject({ method: 'POST', url: '/api/category/search-word', as, payload });
const dictionary = async (setId?: number) => {
  const res = await t.inject({
    url: `/api/category/categories-and-subcategories${setId ? `?set_id=${setId}` : ''}`,
    as: 'admin',
  });
  expect(res.statusCode).toBe(200);
  return res.json() as { sets: CategorySet[]; categories: Category[] };
};
const newSet = async (name: string, code?: string) => {
  const res = await manage({ kind: 'set', name, ...(code ? { code } : {}) });
  expect(res.statusCode).toBe(201);
  return res.json().set as CategorySet;
};

async function workbook(rows: unknown[][]): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('words');
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await book.xlsx.writeBuffer());
}
const importFile = (data: Buffer | null, fields: Record<string, string>, as: Caller = 'admin') => {
  const form = multipart(
    fields,
    ...(data
      ? [
          {
            name: 'file',
            filename: 'words.xlsx',
            data,
            type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
          },
        ]
      : []),
  );
  return t.inject({
    method: 'POST',
    url: '/api/category/import-words',
    as,
    payload: form.body,
    headers: form.headers,
  });
};

describe('access: admin_neomi only', () => {
  const calls = [
    { method: 'GET' as const, url: '/api/category/categories-and-subcategories' },
    { method: 'POST' as const, url: '/api/category/category-management', payload: { kind: 'set', name: 'x' } },
    { method: 'DELETE' as const, url: '/api/category/delete-category/1' },
    { method: 'DELETE' as const, url: '/api/category/delete-set/1' },
    { method: 'POST' as const, url: '/api/category/search-word', payload: { word: 'شاي' } },
    { method: 'GET' as const, url: '/api/category/import-words/template' },
    { method: 'POST' as const, url: '/api/category/import-words', payload: {} },
  ];

  it('answers 401 without a token and 403 to every role without admin_neomi', async () => {
    for (const c of calls) {
      expect((await t.inject(c)).statusCode, `${c.method} ${c.url}`).toBe(401);
      for (const who of others) {
        const res = await t.inject({ ...c, as: who });
        expect(res.statusCode, `${who}: ${c.method} ${c.url}`).toBe(403);
        expect(res.json().key).toBe('app.errors.forbidden');
      }
    }
    expect(await wordsIn(await setIdByCode('cup-uses'))).toBeGreaterThan(0);
  });
});

describe('GET /category/categories-and-subcategories', () => {
  it('lists the sets and every category with subcategories, words and counters', async () => {
    const all = await dictionary();
    expect(all.sets.map((s) => s.code).sort()).toEqual([
      'bottle-uses',
      'box-uses',
      'cup-uses',
      'newspaper-uses',
      'round-things',
      'sock-uses',
      'tin-uses',
    ]);
    const cup = all.sets.find((s) => s.code === 'cup-uses')!;
    expect(cup.categories_count).toBe(5);
    const drinks = all.categories.find((c) => c.category === 'مشروبات' && c.set_id === cup.id)!;
    expect(drinks.subcategories.map((s) => s.subcategory).sort()).toEqual(['مشروبات باردة', 'مشروبات ساخنة']);
    expect(drinks.category_counter).toBe(0);
    const hot = drinks.subcategories.find((s) => s.subcategory === 'مشروبات ساخنة')!;
    expect(hot.subcategory_counter).toBe(0);
    expect(hot.words).toContainEqual(expect.objectContaining({ word: 'قهوة', language: 'ar', normalised: 'قهوه' }));
    expect(hot.words).toContainEqual(expect.objectContaining({ word: 'Tee', language: 'de', normalised: 'tee' }));
    expect(cup.words_count).toBe(
      all.categories
        .filter((c) => c.set_id === cup.id)
        .flatMap((c) => c.subcategories)
        .flatMap((s) => s.words).length,
    );
  });

  it('gives one set with set_id; an unknown set is 404, a bad one 400', async () => {
    const round = await setIdByCode('round-things');
    const one = await dictionary(round);
    expect(one.categories.length).toBeGreaterThan(0);
    expect(one.categories.every((c) => c.set_id === round)).toBe(true);
    expect(
      (await t.inject({ url: '/api/category/categories-and-subcategories?set_id=999999', as: 'admin' })).statusCode,
    ).toBe(404);
    const bad = await t.inject({ url: '/api/category/categories-and-subcategories?set_id=abc', as: 'admin' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.set_id).toBe('app.validation.invalidNumber');
  });
});

describe('POST /category/category-management: sets', () => {
  it('creates and renames a set; names and codes are unique; a code is short lower-case Latin', async () => {
    const set = await newSet('استخدامات الملعقة', 'spoon-uses');
    expect(set).toMatchObject({ name: 'استخدامات الملعقة', code: 'spoon-uses', categories_count: 0, words_count: 0 });
    const renamed = await manage({ kind: 'set', id: set.id, name: 'استخدامات الملعقة الخشبية' });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json().set).toMatchObject({ id: set.id, name: 'استخدامات الملعقة الخشبية', code: 'spoon-uses' });
    const taken = await manage({ kind: 'set', name: 'استخدامات الكوب' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({
      key: 'app.scoring.setNameTaken',
      errors: { name: 'app.scoring.setNameTaken' },
    });
    const codeTaken = await manage({ kind: 'set', name: 'another', code: 'cup-uses' });
    expect(codeTaken.statusCode).toBe(409);
    expect(codeTaken.json().key).toBe('app.scoring.setCodeTaken');
    const badCode = await manage({ kind: 'set', name: 'another', code: 'Cup Uses!' });
    expect(badCode.statusCode).toBe(400);
    expect(badCode.json().errors.code).toBe('app.scoring.invalidCode');
    expect((await manage({ kind: 'set', id: 999999, name: 'ghost' })).statusCode).toBe(404);
    const noKind = await manage({ name: 'no kind' });
    expect(noKind.statusCode).toBe(400);
  });
});

describe('POST /category/category-management: categories', () => {
  let setId: number;
  let created: Category;
  beforeAll(async () => {
    setId = (await newSet('استخدامات الإطار', 'tyre-uses')).id;
  });

  it('creates a category with subcategories and words in four languages, stored with their normalised form', async () => {
    const res = await manage({
      kind: 'category',
      set_id: setId,
      category: 'ألعاب',
      subcategories: [
        {
          subcategory: 'أرجوحة',
          words: [
            { word: 'أُرجوحة', language: 'ar' },
            { word: 'Swing', language: 'en' },
            { word: 'Schaukel', language: 'GR' },
          ],
        },
        {
          subcategory: 'سباق',
          words: [
            { word: 'دَحرَجة', language: 'ar' },
            { word: 'course de pneus', language: 'fr' },
          ],
        },
      ],
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().key).toBe('app.scoring.categorySaved');
    created = res.json().category;
    expect(created).toMatchObject({ set_id: setId, category: 'ألعاب', version: 1, category_counter: 0 });
    const swing = created.subcategories.find((s) => s.subcategory === 'أرجوحة')!;
    expect(swing.words.map((w) => [w.word, w.language, w.normalised])).toEqual([
      ['أُرجوحة', 'ar', 'ارجوحه'],
      ['Swing', 'en', 'swing'],
      ['Schaukel', 'de', 'schaukel'],
    ]);
    const [log] = await t.db
      .select()
      .from(logs)
      .where(and(eq(logs.entity, 'category'), eq(logs.entityId, created.id)));
    expect(log).toMatchObject({ action: 'create' });
  });

  it('replaces a category: renames, keeps listed subcategories (and their ids), deletes the others, moves words', async () => {
    const swing = created.subcategories.find((s) => s.subcategory === 'أرجوحة')!;
    const race = created.subcategories.find((s) => s.subcategory === 'سباق')!;
    const res = await manage({
      kind: 'category',
      id: created.id,
      set_id: setId,
      version: created.version,
      category: 'ألعاب الحديقة',
      subcategories: [
        {
          id: swing.id,
          subcategory: 'أراجيح',
          words: [
            { word: 'أرجوحة', language: 'ar' },
            { word: 'دحرجة', language: 'ar' },
          ],
        },
        { subcategory: 'تسلق', words: [{ word: 'climbing', language: 'en' }] },
      ],
    });
    expect(res.statusCode).toBe(200);
    const after = res.json().category as Category;
    expect(after).toMatchObject({ id: created.id, category: 'ألعاب الحديقة', version: 2 });
    expect(after.subcategories.map((s) => s.subcategory).sort()).toEqual(['أراجيح', 'تسلق']);
    const kept = after.subcategories.find((s) => s.subcategory === 'أراجيح')!;
    expect(kept.id).toBe(swing.id);
    expect(kept.words.map((w) => w.word)).toEqual(['أرجوحة', 'دحرجة']);
    expect(after.subcategories.some((s) => s.id === race.id)).toBe(false);
    expect((await search({ word: 'swing', set_id: setId })).json().error).toBe('app.scoring.wordNotFound');
    created = after;
  });

  it('lets two subcategories swap names', async () => {
    const [a, b] = created.subcategories;
    const res = await manage({
      kind: 'category',
      id: created.id,
      set_id: setId,
      version: created.version,
      category: created.category,
      subcategories: [
        { id: a.id, subcategory: b.subcategory, words: a.words },
        { id: b.id, subcategory: a.subcategory, words: b.words },
      ],
    });
    expect(res.statusCode).toBe(200);
    created = res.json().category;
    expect(created.subcategories.find((s) => s.id === a.id)!.subcategory).toBe(b.subcategory);
  });

  it('refuses an edit based on an older version (409) and changes nothing', async () => {
    const res = await manage({
      kind: 'category',
      id: created.id,
      set_id: setId,
      version: 1,
      category: 'قديم',
      subcategories: [],
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().key).toBe('app.scoring.staleCategory');
    expect((await dictionary(setId)).categories.find((c) => c.id === created.id)!.category).toBe(created.category);
  });

  it("keeps one normalised form in one subcategory per set: 409 with the word's place; another set may have it", async () => {
    const res = await manage({
      kind: 'category',
      set_id: setId,
      category: 'رياضة',
      subcategories: [
        {
          subcategory: 'قفز',
          words: [
            { word: 'jump', language: 'en' },
            { word: 'اُرْجُوحَة', language: 'ar' },
          ],
        },
      ],
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      key: 'app.scoring.wordTaken',
      errors: { 'subcategories.0.words.1.word': 'app.scoring.wordTaken' },
    });
    expect((await dictionary(setId)).categories.some((c) => c.category === 'رياضة')).toBe(false);
    const elsewhere = await manage({
      kind: 'category',
      set_id: await setIdByCode('cup-uses'),
      category: 'رياضة',
      subcategories: [{ subcategory: 'قفز', words: [{ word: 'أرجوحة', language: 'ar' }] }],
    });
    expect(elsewhere.statusCode).toBe(201);
  });

  it('validates every field with its message key and path', async () => {
    const res = await manage({
      kind: 'category',
      set_id: setId,
      category: '  ',
      subcategories: [
        {
          subcategory: 'أ',
          words: [
            { word: 'شَاي', language: 'ar' },
            { word: 'شاي', language: 'ar' },
            { word: '؟!', language: 'ar' },
            { word: 'لا يوجد', language: 'ar' },
            { word: 'x', language: 'es' },
          ],
        },
        { subcategory: 'أ', words: [] },
      ],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({
      category: 'app.validation.required',
      'subcategories.0.words.1.word': 'app.scoring.duplicateWord',
      'subcategories.0.words.2.word': 'app.scoring.wordEmpty',
      'subcategories.0.words.3.word': 'app.scoring.wordIsNoAnswer',
      'subcategories.0.words.4.language': 'app.validation.invalidChoice',
      'subcategories.1.subcategory': 'app.scoring.duplicateSubcategory',
    });
    const long = await manage({ kind: 'category', set_id: setId, category: 'x'.repeat(101), subcategories: [] });
    expect(long.json().errors.category).toBe('app.validation.tooLong');
  });

  it('answers 400 for an unknown set, a subcategory of another category, a move to another set; 404 for an unknown category', async () => {
    const unknownSet = await manage({ kind: 'category', set_id: 999999, category: 'x', subcategories: [] });
    expect(unknownSet.statusCode).toBe(400);
    expect(unknownSet.json().errors.set_id).toBe('app.validation.invalidChoice');
    const foreignSub = (await dictionary(await setIdByCode('cup-uses'))).categories[0].subcategories[0].id;
    const stolen = await manage({
      kind: 'category',
      id: created.id,
      set_id: setId,
      category: 'x',
      subcategories: [{ id: foreignSub, subcategory: 'x', words: [] }],
    });
    expect(stolen.statusCode).toBe(400);
    expect(stolen.json().errors['subcategories.0.id']).toBe('app.validation.invalidChoice');
    const moved = await manage({
      kind: 'category',
      id: created.id,
      set_id: await setIdByCode('cup-uses'),
      category: 'x',
      subcategories: [],
    });
    expect(moved.statusCode).toBe(400);
    expect(moved.json().errors.set_id).toBe('app.scoring.setCannotChange');
    expect(
      (await manage({ kind: 'category', id: 999999, set_id: setId, category: 'x', subcategories: [] })).statusCode,
    ).toBe(404);
    const nameTaken = await manage({ kind: 'category', set_id: setId, category: created.category, subcategories: [] });
    expect(nameTaken.statusCode).toBe(409);
    expect(nameTaken.json().key).toBe('app.scoring.categoryNameTaken');
  });
});

describe('DELETE /category/delete-category/{id} and /category/delete-set/{id}', () => {
  it('deletes a category with its subcategories and words; then 404', async () => {
    const setId = (await newSet('مؤقت', 'temp-set')).id;
    const made = (
      await manage({
        kind: 'category',
        set_id: setId,
        category: 'c',
        subcategories: [{ subcategory: 's', words: [{ word: 'قلم', language: 'ar' }] }],
      })
    ).json().category as Category;
    expect(await wordsIn(setId)).toBe(1);
    const notEmpty = await t.inject({ method: 'DELETE', url: `/api/category/delete-set/${setId}`, as: 'admin' });
    expect(notEmpty.statusCode).toBe(409);
    expect(notEmpty.json().key).toBe('app.scoring.setNotEmpty');
    const res = await t.inject({ method: 'DELETE', url: `/api/category/delete-category/${made.id}`, as: 'admin' });
    expect(res.statusCode).toBe(200);
    expect(res.json().key).toBe('app.scoring.categoryDeleted');
    expect(await wordsIn(setId)).toBe(0);
    expect(
      (await t.inject({ method: 'DELETE', url: `/api/category/delete-category/${made.id}`, as: 'admin' })).statusCode,
    ).toBe(404);
    const [log] = await t.db
      .select()
      .from(logs)
      .where(and(eq(logs.entity, 'category'), eq(logs.entityId, made.id), eq(logs.action, 'delete')));
    expect(log.oldValue).toEqual({ category: 'c', subcategories: [{ subcategory: 's', words: ['قلم (ar)'] }] });
    expect(
      (await t.inject({ method: 'DELETE', url: `/api/category/delete-set/${setId}`, as: 'admin' })).statusCode,
    ).toBe(200);
    expect(
      (await t.inject({ method: 'DELETE', url: `/api/category/delete-set/${setId}`, as: 'admin' })).statusCode,
    ).toBe(404);
    expect(
      (await t.inject({ method: 'DELETE', url: '/api/category/delete-category/abc', as: 'admin' })).statusCode,
    ).toBe(400);
  });
});

describe('POST /category/search-word', () => {
  it('finds the category and subcategory of a word after normalisation, in every set or in one', async () => {
    const everywhere = await search({ word: '  أَصِيصٌ! ' });
    expect(everywhere.statusCode).toBe(200);
    expect(everywhere.json()).toMatchObject({ normalised: 'اصيص' });
    expect(everywhere.json().error).toBeUndefined();
    // one place per set at most: the cup, the tin and the bottle have a plant pot
    expect(
      everywhere
        .json()
        .matches.map((m: { set_id: number }) => m.set_id)
        .sort(),
    ).toEqual((await Promise.all(['bottle-uses', 'cup-uses', 'tin-uses'].map(setIdByCode))).sort());
    const res = await search({ word: '  أَصِيصٌ! ', set_id: await setIdByCode('cup-uses') });
    expect(res.json().matches).toEqual([
      expect.objectContaining({
        set: 'استخدامات الكوب',
        category: 'زراعة',
        subcategory: 'أصيص',
        word: 'أصيص',
        language: 'ar',
      }),
    ]);
    expect((await search({ word: 'TEA' })).json().matches).toEqual([
      expect.objectContaining({ subcategory: 'مشروبات ساخنة', word: 'tea' }),
    ]);
    expect((await search({ word: 'كـــرة' })).json().matches[0]).toMatchObject({
      category: 'ألعاب ورياضة',
      subcategory: 'كرات',
    });
    const inBox = await search({ word: 'tea', set_id: await setIdByCode('box-uses') });
    expect(inBox.json()).toMatchObject({ matches: [], error: 'app.scoring.wordNotFound' });
  });

  it('answers with an error field (docs/PRODUCT.md §8) when nothing matches, never by resemblance', async () => {
    const res = await search({ word: 'teapot' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      word: 'teapot',
      normalised: 'teapot',
      matches: [],
      error: 'app.scoring.wordNotFound',
      message: 'This word belongs to no category',
    });
    expect((await search({ word: '...' })).json().error).toBe('app.scoring.wordNotFound');
  });

  it('validates the word and the set', async () => {
    const empty = await search({ word: '' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors.word).toBe('app.validation.required');
    expect((await search({ word: 'x'.repeat(101) })).json().errors.word).toBe('app.validation.tooLong');
    expect((await search({ word: 'tea', set_id: 999999 })).statusCode).toBe(404);
  });
});

describe('words import (xlsx)', () => {
  let setId: number;
  beforeAll(async () => {
    setId = (await newSet('استخدامات العلبة', 'tin-box-uses')).id;
  });

  it("gives a template in the user's language (Arabic right-to-left) with example rows", async () => {
    const res = await t.inject({ url: '/api/category/import-words/template?locale=ar', as: 'admin' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(res.headers['cache-control']).toContain('private');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0];
    expect(sheet.getRow(1).values).toEqual([undefined, 'الفئة', 'الفئة الفرعية', 'الكلمة', 'اللغة (ar/en/de/fr)']);
    expect(sheet.views[0].rightToLeft).toBe(true);
    expect(sheet.getRow(2).values).toEqual([undefined, 'مشروبات', 'مشروبات ساخنة', 'شاي', 'ar']);
    const en = await t.inject({ url: '/api/category/import-words/template?locale=fr', as: 'admin' });
    const frBook = new ExcelJS.Workbook();
    await frBook.xlsx.load(en.rawPayload as unknown as ArrayBuffer);
    expect(frBook.worksheets[0].getCell('A1').value).toBe('Catégorie');
    expect((await t.inject({ url: '/api/category/import-words/template?locale=xx', as: 'admin' })).statusCode).toBe(
      400,
    );
  });

  it('imports the template filled in: categories and subcategories created by name, words normalised', async () => {
    const data = await workbook([
      ['الفئة', 'الفئة الفرعية', 'الكلمة', 'اللغة (ar/en/de/fr)'],
      ['تخزين', 'أزرار', 'حفظ الأزرار', 'ar'],
      ['تخزين', 'أزرار', 'button tin', 'EN'],
      ['تخزين', 'نقود', 'حصّالة', 'ar'],
      ['موسيقى', 'إيقاع', 'Trommel', 'de'],
      ['موسيقى', 'إيقاع', 'طَبْلَة', 'ar'],
      ['موسيقى', 'إيقاع', 'طبلة', 'ar'],
    ]);
    const res = await importFile(data, { set_id: String(setId) });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      message: 'The words have been imported',
      key: 'app.scoring.wordsImported',
      categories_created: 2,
      subcategories_created: 3,
      words_added: 5,
      words_unchanged: 1,
    });
    const found = (await search({ word: 'حصالة', set_id: setId })).json().matches;
    expect(found).toEqual([expect.objectContaining({ category: 'تخزين', subcategory: 'نقود', word: 'حصّالة' })]);
    const again = await importFile(data, { set_id: String(setId) });
    expect(again.json()).toMatchObject({
      categories_created: 0,
      subcategories_created: 0,
      words_added: 0,
      words_unchanged: 6,
    });
    expect(await wordsIn(setId)).toBe(5);
  });

  it('accepts the headers of the other languages, or the field names', async () => {
    const de = await importFile(
      await workbook([
        ['Kategorie', 'Unterkategorie', 'Wort', 'Sprache (ar/en/de/fr)'],
        ['تخزين', 'أزرار', 'Knopfdose', 'de'],
      ]),
      { set_id: String(setId) },
    );
    expect(de.json().words_added).toBe(1);
    const fields = await importFile(
      await workbook([
        ['word', 'language', 'category', 'subcategory'],
        ['boîte à boutons', 'fr', 'تخزين', 'أزرار'],
      ]),
      { set_id: String(setId) },
    );
    expect(fields.json().words_added).toBe(1);
  });

  it('reports every wrong cell by row and column, and saves nothing from the file', async () => {
    const before = await wordsIn(setId);
    const res = await importFile(
      await workbook([
        ['Category', 'Subcategory', 'Word', 'Language (ar/en/de/fr)'],
        ['فن', 'رسم', 'مرسم', 'ar'],
        ['', 'رسم', 'فرشاة', 'ar'],
        ['فن', 'رسم', 'لا يوجد', 'ar'],
        ['فن', 'رسم', 'palette', 'es'],
        ['فن', 'رسم', '؟؟', ''],
      ]),
      { set_id: String(setId) },
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().key).toBe('app.import.hasErrors');
    expect(res.json().rows).toEqual([
      { row: 3, column: 'A', field: 'category', key: 'app.validation.required' },
      { row: 4, column: 'C', field: 'word', key: 'app.scoring.wordIsNoAnswer' },
      { row: 5, column: 'D', field: 'language', key: 'app.validation.invalidChoice' },
      { row: 6, column: 'C', field: 'word', key: 'app.scoring.wordEmpty' },
      { row: 6, column: 'D', field: 'language', key: 'app.validation.required' },
    ]);
    expect(await wordsIn(setId)).toBe(before);
  });

  it('refuses a word that is in another subcategory of the set, or twice in the file, with nothing half-imported', async () => {
    const before = await wordsIn(setId);
    const res = await importFile(
      await workbook([
        ['Category', 'Subcategory', 'Word', 'Language'],
        ['جديد', 'أول', 'كلمة جديدة', 'ar'],
        ['جديد', 'أول', 'حِفظ الأزرار', 'ar'],
        ['جديد', 'أول', 'Dose', 'de'],
        ['جديد', 'ثان', 'dose', 'de'],
      ]),
      { set_id: String(setId) },
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().rows).toEqual([
      { row: 3, column: 'C', field: 'word', key: 'app.scoring.wordTaken' },
      { row: 5, column: 'C', field: 'word', key: 'app.scoring.wordConflictInFile' },
    ]);
    expect(await wordsIn(setId)).toBe(before);
    expect((await dictionary(setId)).categories.some((c) => c.category === 'جديد')).toBe(false);
  });

  it('answers 400 for no file, a file that is not a workbook, a missing column, an empty sheet or set; 404-free for a bad set id', async () => {
    const noFile = await importFile(null, { set_id: String(setId) });
    expect(noFile.statusCode).toBe(400);
    expect(noFile.json().errors.file).toBe('app.import.fileRequired');
    expect((await importFile(Buffer.from('not a workbook'), { set_id: String(setId) })).json().key).toBe(
      'app.import.notAWorkbook',
    );
    const missing = await importFile(
      await workbook([
        ['Category', 'Word'],
        ['a', 'b'],
      ]),
      { set_id: String(setId) },
    );
    expect(missing.statusCode).toBe(400);
    expect(missing.json().key).toBe('app.import.missingColumn');
    expect(
      (
        await importFile(await workbook([['Category', 'Subcategory', 'Word', 'Language']]), { set_id: String(setId) })
      ).json().key,
    ).toBe('app.scoring.noRows');
    const noSet = await importFile(
      await workbook([
        ['Category', 'Subcategory', 'Word', 'Language'],
        ['a', 'b', 'c', 'en'],
      ]),
      {},
    );
    expect(noSet.statusCode).toBe(400);
    expect(noSet.json().errors.set_id).toBeDefined();
    const unknownSet = await importFile(
      await workbook([
        ['Category', 'Subcategory', 'Word', 'Language'],
        ['a', 'b', 'c', 'en'],
      ]),
      { set_id: '999999' },
    );
    expect(unknownSet.statusCode).toBe(400);
    expect(unknownSet.json().errors.set_id).toBe('app.validation.invalidChoice');
  });
});
