import { and, asc, count, eq, inArray, ne, sql } from 'drizzle-orm';
import type {
  CategoryInput,
  CategoryOut,
  CategorySetInput,
  ImportResult,
  SetOut,
  WordImportRow,
  WordOut,
} from '../../domain/schemas/dictionary';
import { normaliseText, type DictionaryWord } from '../../domain/scoring';
import type { Executor, Transaction } from '../db/client';
import { isUniqueViolation } from '../db/errors';
import { categories, categorySets, categoryWords, subcategories } from '../db/schema';
import { AppError, conflict, notFound } from '../errors';
import { writeLog } from '../services/audit';

/**
 * The category dictionary (server/db/schema/scoring.ts): reading it as a
 * tree, saving a set or a whole category, importing words. Every write runs
 * in the transaction it is given and logs itself there.
 */

export async function listSets(db: Executor, ids?: number[]): Promise<SetOut[]> {
  const sets = await db
    .select({ id: categorySets.id, code: categorySets.code, name: categorySets.name })
    .from(categorySets)
    .where(ids ? inArray(categorySets.id, ids) : undefined)
    .orderBy(asc(categorySets.name), asc(categorySets.id));
  if (!sets.length) return [];
  const setIds = sets.map((s) => s.id);
  const cats = await db
    .select({ setId: categories.setId, n: count() })
    .from(categories)
    .where(inArray(categories.setId, setIds))
    .groupBy(categories.setId);
  const words = await db
    .select({ setId: categoryWords.setId, n: count() })
    .from(categoryWords)
    .where(inArray(categoryWords.setId, setIds))
    .groupBy(categoryWords.setId);
  return sets.map((s) => ({
    ...s,
    categories_count: cats.find((c) => c.setId === s.id)?.n ?? 0,
    words_count: words.find((w) => w.setId === s.id)?.n ?? 0,
  }));
}

/** Categories with their subcategories and words: of one set, of some categories, or of every set. */
export async function loadCategories(
  db: Executor,
  filter: { setId?: number; ids?: number[] } = {},
): Promise<CategoryOut[]> {
  const where = filter.ids
    ? inArray(categories.id, filter.ids)
    : filter.setId
      ? eq(categories.setId, filter.setId)
      : undefined;
  const cats = await db.select().from(categories).where(where).orderBy(asc(categories.name), asc(categories.id));
  if (!cats.length) return [];
  const catIds = cats.map((c) => c.id);
  const subs = await db
    .select()
    .from(subcategories)
    .where(inArray(subcategories.categoryId, catIds))
    .orderBy(asc(subcategories.name), asc(subcategories.id));
  const words = subs.length
    ? await db
        .select()
        .from(categoryWords)
        .where(
          inArray(
            categoryWords.subcategoryId,
            subs.map((s) => s.id),
          ),
        )
        .orderBy(asc(categoryWords.id))
    : [];
  const wordsOf = new Map<number, WordOut[]>();
  for (const w of words) {
    const list = wordsOf.get(w.subcategoryId) ?? [];
    list.push({ id: w.id, word: w.word, language: w.language, normalised: w.normalised });
    wordsOf.set(w.subcategoryId, list);
  }
  return cats.map((c) => {
    const own = subs
      .filter((s) => s.categoryId === c.id)
      .map((s) => ({
        id: s.id,
        subcategory: s.name,
        subcategory_counter: s.answerCount,
        words: wordsOf.get(s.id) ?? [],
      }));
    return {
      id: c.id,
      set_id: c.setId,
      category: c.name,
      version: c.version,
      category_counter: own.reduce((n, s) => n + s.subcategory_counter, 0),
      subcategories: own,
    };
  });
}

export async function findCategory(db: Executor, id: number): Promise<CategoryOut> {
  const [found] = await loadCategories(db, { ids: [id] });
  if (!found) throw notFound();
  return found;
}

/** The words of a set as the scoring engine takes them (categories and subcategories by id). */
export async function dictionaryWordsOfSet(db: Executor, setId: number): Promise<DictionaryWord[]> {
  const rows = await db
    .select({ word: categoryWords.word, category: subcategories.categoryId, subcategory: categoryWords.subcategoryId })
    .from(categoryWords)
    .innerJoin(subcategories, eq(subcategories.id, categoryWords.subcategoryId))
    .where(eq(categoryWords.setId, setId))
    .orderBy(asc(categoryWords.id));
  return rows.map((r) => ({ word: r.word, category: String(r.category), subcategory: String(r.subcategory) }));
}

/** Which category and subcategory hold a normalised form, in one set or in all. */
export async function findWord(db: Executor, normalised: string, setId?: number) {
  return db
    .select({
      set_id: categorySets.id,
      set: categorySets.name,
      category_id: categories.id,
      category: categories.name,
      subcategory_id: subcategories.id,
      subcategory: subcategories.name,
      word: categoryWords.word,
      language: categoryWords.language,
    })
    .from(categoryWords)
    .innerJoin(subcategories, eq(subcategories.id, categoryWords.subcategoryId))
    .innerJoin(categories, eq(categories.id, subcategories.categoryId))
    .innerJoin(categorySets, eq(categorySets.id, categoryWords.setId))
    .where(and(eq(categoryWords.normalised, normalised), setId ? eq(categoryWords.setId, setId) : undefined))
    .orderBy(asc(categorySets.name), asc(categorySets.id));
}

/** The name of the constraint a database error broke ('' when unknown). */
const constraintOf = (error: unknown): string => {
  for (let e = error as { constraint?: string; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
    if (e.constraint) return e.constraint;
  }
  return '';
};

/** Creates or renames a set. */
export async function saveSet(tx: Transaction, actorId: number, input: CategorySetInput): Promise<number> {
  const values = { name: input.name, ...(input.code !== undefined ? { code: input.code } : {}) };
  try {
    if (!input.id) {
      const [set] = await tx.insert(categorySets).values(values).returning();
      await writeLog(tx, {
        actorId,
        action: 'create',
        entity: 'category_set',
        entityId: set.id,
        newValue: { name: set.name, code: set.code },
      });
      return set.id;
    }
    const [before] = await tx.select().from(categorySets).where(eq(categorySets.id, input.id)).for('update');
    if (!before) throw notFound();
    const [after] = await tx
      .update(categorySets)
      .set({ ...values, updatedAt: sql`now()` })
      .where(eq(categorySets.id, before.id))
      .returning();
    await writeLog(tx, {
      actorId,
      action: 'update',
      entity: 'category_set',
      entityId: before.id,
      oldValue: { name: before.name, code: before.code },
      newValue: { name: after.name, code: after.code },
    });
    return before.id;
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    if (constraintOf(error).includes('code'))
      throw conflict('app.scoring.setCodeTaken', { code: 'app.scoring.setCodeTaken' });
    throw conflict('app.scoring.setNameTaken', { name: 'app.scoring.setNameTaken' });
  }
}

/** Deletes an empty set. */
export async function deleteSet(tx: Transaction, actorId: number, id: number): Promise<void> {
  const [set] = await tx.select().from(categorySets).where(eq(categorySets.id, id)).for('update');
  if (!set) throw notFound();
  const [{ n }] = await tx.select({ n: count() }).from(categories).where(eq(categories.setId, id));
  if (n > 0) throw conflict('app.scoring.setNotEmpty');
  await tx.delete(categorySets).where(eq(categorySets.id, id));
  await writeLog(tx, {
    actorId,
    action: 'delete',
    entity: 'category_set',
    entityId: id,
    oldValue: { name: set.name, code: set.code },
  });
}

/** A category as the log keeps it: names and words, no ids. */
const logValue = (c: {
  category: string;
  subcategories: { subcategory: string; words: { word: string; language: string }[] }[];
}) => ({
  category: c.category,
  subcategories: c.subcategories.map((s) => ({
    subcategory: s.subcategory,
    words: s.words.map((w) => `${w.word} (${w.language})`),
  })),
});

/**
 * The words of another category of the same set that have one of these
 * normalised forms: they would break "one normalised form, one subcategory per set".
 */
async function takenElsewhere(
  tx: Executor,
  setId: number,
  normalised: string[],
  exceptCategoryId?: number,
): Promise<Set<string>> {
  if (!normalised.length) return new Set();
  const taken = new Set<string>();
  for (let i = 0; i < normalised.length; i += 5000) {
    const rows = await tx
      .select({ normalised: categoryWords.normalised })
      .from(categoryWords)
      .innerJoin(subcategories, eq(subcategories.id, categoryWords.subcategoryId))
      .where(
        and(
          eq(categoryWords.setId, setId),
          inArray(categoryWords.normalised, normalised.slice(i, i + 5000)),
          exceptCategoryId ? ne(subcategories.categoryId, exceptCategoryId) : undefined,
        ),
      );
    for (const r of rows) taken.add(r.normalised);
  }
  return taken;
}

/**
 * Creates a category or replaces one with exactly the subcategories and
 * words given (docs/api/scoring.md). 409 when the version is stale, a name
 * is taken or a word belongs to another category of the set.
 */
export async function saveCategory(tx: Transaction, actorId: number, input: CategoryInput): Promise<number> {
  let before: CategoryOut | undefined;
  if (input.id) {
    const [row] = await tx.select().from(categories).where(eq(categories.id, input.id)).for('update');
    if (!row) throw notFound();
    if (row.setId !== input.set_id)
      throw new AppError(400, 'app.errors.badRequest', { set_id: 'app.scoring.setCannotChange' });
    if (input.version !== undefined && input.version !== row.version) throw conflict('app.scoring.staleCategory');
    before = await findCategory(tx, row.id);
    const own = new Set(before.subcategories.map((s) => s.id));
    input.subcategories.forEach((s, i) => {
      if (s.id && !own.has(s.id))
        throw new AppError(400, 'app.errors.badRequest', { [`subcategories.${i}.id`]: 'app.validation.invalidChoice' });
    });
  } else {
    const [set] = await tx.select({ id: categorySets.id }).from(categorySets).where(eq(categorySets.id, input.set_id));
    if (!set) throw new AppError(400, 'app.errors.badRequest', { set_id: 'app.validation.invalidChoice' });
    if (input.subcategories.some((s) => s.id)) {
      const i = input.subcategories.findIndex((s) => s.id);
      throw new AppError(400, 'app.errors.badRequest', { [`subcategories.${i}.id`]: 'app.validation.invalidChoice' });
    }
  }

  const paths = new Map<string, string>();
  input.subcategories.forEach((s, i) =>
    s.words.forEach((w, j) => paths.set(normaliseText(w.word), `subcategories.${i}.words.${j}.word`)),
  );
  const taken = await takenElsewhere(tx, input.set_id, [...paths.keys()], input.id);
  if (taken.size)
    throw conflict(
      'app.scoring.wordTaken',
      Object.fromEntries([...taken].map((n) => [paths.get(n)!, 'app.scoring.wordTaken'])),
    );

  try {
    let categoryId: number;
    if (before) {
      categoryId = before.id;
      await tx
        .update(categories)
        .set({ name: input.category, version: sql`${categories.version} + 1`, updatedAt: sql`now()` })
        .where(eq(categories.id, categoryId));
      const kept = input.subcategories.flatMap((s) => (s.id ? [s.id] : []));
      const removed = before.subcategories.map((s) => s.id).filter((id) => !kept.includes(id));
      if (removed.length) await tx.delete(subcategories).where(inArray(subcategories.id, removed));
      // words are replaced as a whole: delete them first, so a word may move between subcategories of the category
      if (kept.length) await tx.delete(categoryWords).where(inArray(categoryWords.subcategoryId, kept));
    } else {
      const [row] = await tx.insert(categories).values({ setId: input.set_id, name: input.category }).returning();
      categoryId = row.id;
    }
    // renames go through a temporary name, so two subcategories may swap names
    const renamed = input.subcategories.filter(
      (s) => s.id && before?.subcategories.find((b) => b.id === s.id)?.subcategory !== s.subcategory,
    );
    for (const s of renamed)
      await tx
        .update(subcategories)
        .set({ name: `#renaming-${s.id}` })
        .where(eq(subcategories.id, s.id!));
    for (const s of renamed)
      await tx.update(subcategories).set({ name: s.subcategory }).where(eq(subcategories.id, s.id!));
    for (const s of input.subcategories) {
      const subId =
        s.id ??
        (await tx.insert(subcategories).values({ categoryId, setId: input.set_id, name: s.subcategory }).returning())[0]
          .id;
      if (s.words.length) {
        await tx.insert(categoryWords).values(
          s.words.map((w) => ({
            subcategoryId: subId,
            setId: input.set_id,
            word: w.word,
            language: w.language,
            normalised: normaliseText(w.word),
          })),
        );
      }
    }
    await writeLog(tx, {
      actorId,
      action: before ? 'update' : 'create',
      entity: 'category',
      entityId: categoryId,
      oldValue: before ? logValue(before) : undefined,
      newValue: logValue(input),
    });
    return categoryId;
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    const constraint = constraintOf(error);
    if (constraint.includes('categories_set_name'))
      throw conflict('app.scoring.categoryNameTaken', { category: 'app.scoring.categoryNameTaken' });
    if (constraint.includes('subcategories_category_name')) throw conflict('app.scoring.subcategoryNameTaken');
    throw conflict('app.scoring.wordTaken');
  }
}

export async function deleteCategory(tx: Transaction, actorId: number, id: number): Promise<void> {
  const [row] = await tx.select({ id: categories.id }).from(categories).where(eq(categories.id, id)).for('update');
  if (!row) throw notFound();
  const before = await findCategory(tx, id);
  await tx.delete(categories).where(eq(categories.id, id));
  await writeLog(tx, { actorId, action: 'delete', entity: 'category', entityId: id, oldValue: logValue(before) });
}

export interface ImportProblem {
  index: number;
  field: keyof WordImportRow;
  key: 'app.scoring.wordTaken' | 'app.scoring.wordConflictInFile';
}

/**
 * Adds imported rows to a set: categories and subcategories found by name
 * (created when missing), each word added to its subcategory. A word that
 * is already in that subcategory is left as it is (importing a file twice
 * changes nothing). Problems (a word in another subcategory of the set, or
 * the file putting one word in two subcategories) are returned per row and
 * nothing is written.
 */
export async function importWords(
  tx: Transaction,
  actorId: number,
  setId: number,
  rows: WordImportRow[],
): Promise<{ problems: ImportProblem[]; result: ImportResult }> {
  const result: ImportResult = { categories_created: 0, subcategories_created: 0, words_added: 0, words_unchanged: 0 };
  const problems: ImportProblem[] = [];
  const keyOf = (r: WordImportRow) => JSON.stringify([r.category, r.subcategory]);

  // where each normalised form already is in this set
  const normalisedRows = rows.map((r) => normaliseText(r.word));
  const existing = new Map<string, string>();
  const unique = [...new Set(normalisedRows)];
  for (let i = 0; i < unique.length; i += 5000) {
    const found = await tx
      .select({ normalised: categoryWords.normalised, category: categories.name, subcategory: subcategories.name })
      .from(categoryWords)
      .innerJoin(subcategories, eq(subcategories.id, categoryWords.subcategoryId))
      .innerJoin(categories, eq(categories.id, subcategories.categoryId))
      .where(and(eq(categoryWords.setId, setId), inArray(categoryWords.normalised, unique.slice(i, i + 5000))));
    for (const f of found) existing.set(f.normalised, JSON.stringify([f.category, f.subcategory]));
  }
  const inFile = new Map<string, string>();
  const toAdd: { row: WordImportRow; normalised: string }[] = [];
  rows.forEach((row, index) => {
    const normalised = normalisedRows[index];
    const target = keyOf(row);
    const there = existing.get(normalised);
    if (there !== undefined) {
      if (there === target) result.words_unchanged += 1;
      else problems.push({ index, field: 'word', key: 'app.scoring.wordTaken' });
      return;
    }
    const earlier = inFile.get(normalised);
    if (earlier !== undefined) {
      if (earlier === target) result.words_unchanged += 1;
      else problems.push({ index, field: 'word', key: 'app.scoring.wordConflictInFile' });
      return;
    }
    inFile.set(normalised, target);
    toAdd.push({ row, normalised });
  });
  if (problems.length) return { problems, result };

  const cats = new Map(
    (
      await tx.select({ id: categories.id, name: categories.name }).from(categories).where(eq(categories.setId, setId))
    ).map((c) => [c.name, c.id]),
  );
  const subs = new Map(
    (
      await tx
        .select({ id: subcategories.id, name: subcategories.name, categoryId: subcategories.categoryId })
        .from(subcategories)
        .where(eq(subcategories.setId, setId))
    ).map((s) => [JSON.stringify([s.categoryId, s.name]), s.id]),
  );
  const touched = new Set<number>();
  const words: (typeof categoryWords.$inferInsert)[] = [];
  for (const { row, normalised } of toAdd) {
    let categoryId = cats.get(row.category);
    if (!categoryId) {
      categoryId = (await tx.insert(categories).values({ setId, name: row.category }).returning())[0].id;
      cats.set(row.category, categoryId);
      result.categories_created += 1;
    }
    touched.add(categoryId);
    const subKey = JSON.stringify([categoryId, row.subcategory]);
    let subId = subs.get(subKey);
    if (!subId) {
      subId = (await tx.insert(subcategories).values({ categoryId, setId, name: row.subcategory }).returning())[0].id;
      subs.set(subKey, subId);
      result.subcategories_created += 1;
    }
    words.push({ subcategoryId: subId, setId, word: row.word, language: row.language, normalised });
  }
  for (let i = 0; i < words.length; i += 1000) await tx.insert(categoryWords).values(words.slice(i, i + 1000));
  result.words_added = words.length;
  if (touched.size) {
    await tx
      .update(categories)
      .set({ version: sql`${categories.version} + 1`, updatedAt: sql`now()` })
      .where(inArray(categories.id, [...touched]));
  }
  await writeLog(tx, {
    actorId,
    action: 'import',
    entity: 'category_set',
    entityId: setId,
    newValue: {
      ...result,
      words: toAdd
        .slice(0, 200)
        .map(({ row }) => `${row.category} / ${row.subcategory} / ${row.word} (${row.language})`),
    },
  });
  return { problems, result };
}

/** Whether a set of this id exists. */
export async function setExists(db: Executor, setId: number): Promise<boolean> {
  const rows = await db.select({ id: categorySets.id }).from(categorySets).where(eq(categorySets.id, setId));
  return rows.length > 0;
}
