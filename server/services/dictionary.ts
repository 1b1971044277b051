import { messageText } from '../../domain/messages';
import { normaliseText } from '../../domain/scoring';
import {
  WORD_IMPORT_FIELDS,
  WORD_LANGUAGE_IDS,
  wordImportRowSchema,
  type CategoryInput,
  type CategorySetInput,
  type WordLanguage,
} from '../../domain/schemas/dictionary';
import { WORD_IMPORT_HEADERS } from '../../domain/templates';
import { readSheet, validateRows, type CellError, type TemplateColumn } from '../adapters/xlsx';
import type { Executor } from '../db/client';
import { AppError, notFound } from '../errors';
import {
  deleteCategory,
  deleteSet,
  findCategory,
  findWord,
  importWords,
  listSets,
  loadCategories,
  saveCategory,
  saveSet,
  setExists,
} from '../repositories/categories';

/**
 * The category dictionary's workflows (docs/api/scoring.md): sets of categories, subcategories and words. The
 * dictionary is platform-wide data: the permission that opens its routes is the whole scope. Every write runs in
 * one transaction with its audit row.
 */

/** The import columns with the headers of `locale`; the other languages' headers are accepted too. */
export const importColumns = (locale: WordLanguage): TemplateColumn[] =>
  WORD_IMPORT_FIELDS.map((field) => ({
    field,
    header: WORD_IMPORT_HEADERS[locale][field],
    aliases: WORD_LANGUAGE_IDS.map((l) => WORD_IMPORT_HEADERS[l][field]),
    width: field === 'language' ? 22 : 28,
  }));

const IMPORT_MAX_ROWS = 20_000;

/** Every set, and the categories of one set (or of all); 404 for a set that does not exist. */
export async function dictionaryTree(db: Executor, setId: number | undefined) {
  if (setId && !(await setExists(db, setId))) throw notFound();
  return { sets: await listSets(db), categories: await loadCategories(db, { setId }) };
}

/** Saves a set or a whole category (told apart by `kind`), answering with the saved record. */
export async function saveDictionaryEntry(
  db: Executor,
  actorId: number,
  body: (CategorySetInput & { kind: 'set' }) | (CategoryInput & { kind: 'category' }),
) {
  if (body.kind === 'set') {
    const setId = await db.transaction((tx) => saveSet(tx, actorId, body));
    const [set] = await listSets(db, [setId]);
    return { message: messageText('app.scoring.setSaved'), key: 'app.scoring.setSaved', set };
  }
  const categoryId = await db.transaction((tx) => saveCategory(tx, actorId, body));
  return {
    message: messageText('app.scoring.categorySaved'),
    key: 'app.scoring.categorySaved',
    category: await findCategory(db, categoryId),
  };
}

/** Deletes a category with its subcategories and words. */
export async function removeCategory(db: Executor, actorId: number, id: number) {
  await db.transaction((tx) => deleteCategory(tx, actorId, id));
  return { message: messageText('app.scoring.categoryDeleted'), key: 'app.scoring.categoryDeleted' };
}

/** Deletes a set (409 while it is in use). */
export async function removeSet(db: Executor, actorId: number, id: number) {
  await db.transaction((tx) => deleteSet(tx, actorId, id));
  return { message: messageText('app.scoring.setDeleted'), key: 'app.scoring.setDeleted' };
}

/**
 * Where a word is, in one set or in all. A search that finds nothing answers with an error field
 * (docs/PRODUCT.md §8 "Word search").
 */
export async function searchDictionary(db: Executor, word: string, setId: number | undefined) {
  if (setId && !(await setExists(db, setId))) throw notFound();
  const normalised = normaliseText(word);
  const matches = normalised ? await findWord(db, normalised, setId) : [];
  if (!matches.length)
    return {
      word,
      normalised,
      matches,
      error: 'app.scoring.wordNotFound',
      message: messageText('app.scoring.wordNotFound'),
    };
  return { word, normalised, matches };
}

/**
 * Imports a sheet of words into a set: every row checked first (the cells in error answered, nothing written),
 * then added in one transaction.
 */
export async function importWordSheet(
  db: Executor,
  actorId: number,
  setId: number,
  file: { data: Buffer } | undefined,
): Promise<{ rejected: CellError[] } | { imported: Awaited<ReturnType<typeof importWords>>['result'] }> {
  if (!file) throw new AppError(400, 'app.import.fileRequired', { file: 'app.import.fileRequired' });
  if (!(await setExists(db, setId)))
    throw new AppError(400, 'app.errors.badRequest', { set_id: 'app.validation.invalidChoice' });
  const { rows, letters } = await readSheet(file.data, importColumns('en'), IMPORT_MAX_ROWS);
  if (!rows.length) throw new AppError(400, 'app.scoring.noRows', { file: 'app.scoring.noRows' });
  const { valid, errors } = validateRows(rows, letters, wordImportRowSchema);
  if (errors.length) return { rejected: errors };
  const { problems, result } = await db.transaction((tx) =>
    importWords(
      tx,
      actorId,
      setId,
      valid.map((v) => v.data),
    ),
  );
  if (problems.length)
    return {
      rejected: problems.map((p) => ({
        row: valid[p.index].row,
        column: letters[p.field],
        field: p.field,
        key: p.key,
      })),
    };
  return { imported: result };
}
