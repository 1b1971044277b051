import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { messageText } from '../../../domain/messages';
import {
  categoryManagementSchema,
  dictionaryQuerySchema,
  searchWordSchema,
  WORD_IMPORT_FIELDS,
  WORD_LANGUAGE_IDS,
  wordImportRowSchema,
  type WordLanguage,
} from '../../../domain/schemas/scoring';
import { id } from '../../../domain/schemas/fields';
import { WORD_IMPORT_HEADERS } from '../../../domain/templates';
import { normaliseText } from '../../../domain/scoring';
import { categorySets } from '../../db/schema';
import { AppError, notFound, parseInput } from '../../errors';
import { actorOf } from '../../plugins/access';
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
} from '../../repositories/categories';
import {
  readSheet,
  templateBuffer,
  validateRows,
  XLSX_MIME,
  type CellError,
  type TemplateColumn,
} from '../../adapters/xlsx';
import { readForm } from '../multipart';
import { authErrors, errorOut, idParams, messageOut } from '../schemas';

/**
 * The category dictionary (docs/api/scoring.md):
 * sets of categories, subcategories and words, for admin_neomi. The
 * dictionary is platform-wide data: the permission is the whole scope.
 */

const wordOut = z.object({ id: z.number(), word: z.string(), language: z.string(), normalised: z.string() });
const subcategoryOut = z.object({
  id: z.number(),
  subcategory: z.string(),
  subcategory_counter: z.number(),
  words: z.array(wordOut),
});
const categoryOut = z.object({
  id: z.number(),
  set_id: z.number(),
  category: z.string(),
  version: z.number(),
  category_counter: z.number(),
  subcategories: z.array(subcategoryOut),
});
const setOut = z.object({
  id: z.number(),
  code: z.string().nullable(),
  name: z.string(),
  categories_count: z.number(),
  words_count: z.number(),
});
const matchOut = z.object({
  set_id: z.number(),
  set: z.string(),
  category_id: z.number(),
  category: z.string(),
  subcategory_id: z.number(),
  subcategory: z.string(),
  word: z.string(),
  language: z.string(),
});
const cellErrorOut = z.object({ row: z.number(), column: z.string(), field: z.string(), key: z.string() });
const importErrorOut = errorOut.extend({ rows: z.array(cellErrorOut).optional() });
const importOut = z.object({
  message: z.string(),
  key: z.string(),
  categories_created: z.number(),
  subcategories_created: z.number(),
  words_added: z.number(),
  words_unchanged: z.number(),
});

const templateQuery = z.object({
  locale: z
    .preprocess((v) => (v === 'gr' ? 'de' : v), z.enum(WORD_LANGUAGE_IDS, { error: 'app.validation.invalidChoice' }))
    .default('en'),
});

/** The import columns with the headers of `locale`; the other languages' headers are accepted too. */
const importColumns = (locale: WordLanguage): TemplateColumn[] =>
  WORD_IMPORT_FIELDS.map((field) => ({
    field,
    header: WORD_IMPORT_HEADERS[locale][field],
    aliases: WORD_LANGUAGE_IDS.map((l) => WORD_IMPORT_HEADERS[l][field]),
    width: field === 'language' ? 22 : 28,
  }));

const TEMPLATE_EXAMPLES = [
  { category: 'مشروبات', subcategory: 'مشروبات ساخنة', word: 'شاي', language: 'ar' },
  { category: 'مشروبات', subcategory: 'مشروبات ساخنة', word: 'tea', language: 'en' },
  { category: 'زراعة', subcategory: 'أصيص', word: 'Blumentopf', language: 'de' },
];

const IMPORT_MAX_ROWS = 20_000;

export const scoringRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.db;

  const setExists = async (setId: number) =>
    (await db.select({ id: categorySets.id }).from(categorySets).where(eq(categorySets.id, setId))).length > 0;

  app.get(
    '/category/categories-and-subcategories',
    {
      config: { access: 'admin_neomi' },
      schema: {
        tags: ['categories'],
        querystring: dictionaryQuerySchema,
        response: { 200: z.object({ sets: z.array(setOut), categories: z.array(categoryOut) }), ...authErrors },
      },
    },
    async (request) => {
      const setId = request.query.set_id;
      if (setId && !(await setExists(setId))) throw notFound();
      return { sets: await listSets(db), categories: await loadCategories(db, { setId }) };
    },
  );

  app.post(
    '/category/category-management',
    {
      config: { access: 'admin_neomi' },
      schema: {
        tags: ['categories'],
        body: categoryManagementSchema,
        response: {
          200: z.object({
            message: z.string(),
            key: z.string(),
            set: setOut.optional(),
            category: categoryOut.optional(),
          }),
          201: z.object({
            message: z.string(),
            key: z.string(),
            set: setOut.optional(),
            category: categoryOut.optional(),
          }),
          ...authErrors,
          409: errorOut,
        },
      },
    },
    async (request, reply) => {
      const actor = actorOf(request);
      const body = request.body;
      reply.code(body.id ? 200 : 201);
      if (body.kind === 'set') {
        const setId = await db.transaction((tx) => saveSet(tx, actor.id, body));
        const [set] = await listSets(db, [setId]);
        return { message: messageText('app.scoring.setSaved'), key: 'app.scoring.setSaved', set };
      }
      const categoryId = await db.transaction((tx) => saveCategory(tx, actor.id, body));
      return {
        message: messageText('app.scoring.categorySaved'),
        key: 'app.scoring.categorySaved',
        category: await findCategory(db, categoryId),
      };
    },
  );

  app.delete(
    '/category/delete-category/:id',
    {
      config: { access: 'admin_neomi' },
      schema: { tags: ['categories'], params: idParams, response: { 200: messageOut, ...authErrors } },
    },
    async (request) => {
      const actor = actorOf(request);
      await db.transaction((tx) => deleteCategory(tx, actor.id, request.params.id));
      return { message: messageText('app.scoring.categoryDeleted'), key: 'app.scoring.categoryDeleted' };
    },
  );

  app.delete(
    '/category/delete-set/:id',
    {
      config: { access: 'admin_neomi' },
      schema: { tags: ['categories'], params: idParams, response: { 200: messageOut, ...authErrors, 409: errorOut } },
    },
    async (request) => {
      const actor = actorOf(request);
      await db.transaction((tx) => deleteSet(tx, actor.id, request.params.id));
      return { message: messageText('app.scoring.setDeleted'), key: 'app.scoring.setDeleted' };
    },
  );

  app.post(
    '/category/search-word',
    {
      config: { access: 'admin_neomi' },
      schema: {
        tags: ['categories'],
        body: searchWordSchema,
        response: {
          200: z.object({
            word: z.string(),
            normalised: z.string(),
            matches: z.array(matchOut),
            error: z.string().optional(),
            message: z.string().optional(),
          }),
          ...authErrors,
        },
      },
    },
    async (request) => {
      const { word, set_id: setId } = request.body;
      if (setId && !(await setExists(setId))) throw notFound();
      const normalised = normaliseText(word);
      const matches = normalised ? await findWord(db, normalised, setId) : [];
      // a search that finds nothing answers with an error field (docs/PRODUCT.md §8 "Word search")
      if (!matches.length)
        return {
          word,
          normalised,
          matches,
          error: 'app.scoring.wordNotFound',
          message: messageText('app.scoring.wordNotFound'),
        };
      return { word, normalised, matches };
    },
  );

  app.get(
    '/category/import-words/template',
    {
      config: { access: 'admin_neomi' },
      schema: {
        tags: ['categories'],
        querystring: templateQuery,
        produces: [XLSX_MIME],
        response: { 200: z.any(), ...authErrors },
      },
    },
    async (request, reply) => {
      const locale = request.query.locale;
      const buffer = await templateBuffer(importColumns(locale), TEMPLATE_EXAMPLES, locale === 'ar');
      return reply
        .header('content-type', XLSX_MIME)
        .header('content-disposition', 'attachment; filename="words-template.xlsx"')
        .header('cache-control', 'private, no-store')
        .send(buffer);
    },
  );

  app.post(
    '/category/import-words',
    {
      config: { access: 'admin_neomi' },
      schema: {
        tags: ['categories'],
        consumes: ['multipart/form-data'],
        response: { 200: importOut, ...authErrors, 400: importErrorOut, 413: errorOut },
      },
    },
    async (request, reply) => {
      const actor = actorOf(request);
      const form = await readForm(request);
      const { set_id: setId } = parseInput(z.object({ set_id: id() }), form.fields);
      if (!form.file) throw new AppError(400, 'app.import.fileRequired', { file: 'app.import.fileRequired' });
      if (!(await setExists(setId)))
        throw new AppError(400, 'app.errors.badRequest', { set_id: 'app.validation.invalidChoice' });
      const { rows, letters } = await readSheet(form.file.data, importColumns('en'), IMPORT_MAX_ROWS);
      if (!rows.length) throw new AppError(400, 'app.scoring.noRows', { file: 'app.scoring.noRows' });
      const { valid, errors } = validateRows(rows, letters, wordImportRowSchema);
      const reject = (cells: CellError[]) =>
        reply
          .code(400)
          .send({ message: messageText('app.import.hasErrors'), key: 'app.import.hasErrors', rows: cells });
      if (errors.length) return reject(errors);
      const { problems, result } = await db.transaction((tx) =>
        importWords(
          tx,
          actor.id,
          setId,
          valid.map((v) => v.data),
        ),
      );
      if (problems.length) {
        return reject(
          problems.map((p) => ({ row: valid[p.index].row, column: letters[p.field], field: p.field, key: p.key })),
        );
      }
      return { message: messageText('app.scoring.wordsImported'), key: 'app.scoring.wordsImported', ...result };
    },
  );
};
