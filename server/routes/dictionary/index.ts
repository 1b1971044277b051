import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { messageText } from '../../../domain/messages';
import {
  categoryManagementSchema,
  categoryOut,
  dictionaryOut,
  dictionaryQuerySchema,
  importCellErrorOut,
  importResultOut,
  searchWordSchema,
  setOut,
  WORD_LANGUAGE_IDS,
  wordSearchOut,
} from '../../../domain/schemas/dictionary';
import { id } from '../../../domain/schemas/fields';
import { parseInput } from '../../errors';
import { actorOf } from '../../plugins/access';
import { templateBuffer, XLSX_MIME } from '../../adapters/xlsx';
import {
  dictionaryTree,
  importColumns,
  importWordSheet,
  removeCategory,
  removeSet,
  saveDictionaryEntry,
  searchDictionary,
} from '../../services/dictionary';
import { readForm } from '../multipart';
import { authErrors, errorOut, idParams, messageOut } from '../schemas';

/**
 * The category dictionary (docs/api/scoring.md):
 * sets of categories, subcategories and words, for admin_neomi. The
 * dictionary is platform-wide data: the permission is the whole scope.
 */

const importErrorOut = errorOut.extend({ rows: z.array(importCellErrorOut).optional() });
const importOut = importResultOut.extend({ message: z.string(), key: z.string() });

const templateQuery = z.object({
  locale: z
    .preprocess((v) => (v === 'gr' ? 'de' : v), z.enum(WORD_LANGUAGE_IDS, { error: 'app.validation.invalidChoice' }))
    .default('en'),
});

const TEMPLATE_EXAMPLES = [
  { category: 'مشروبات', subcategory: 'مشروبات ساخنة', word: 'شاي', language: 'ar' },
  { category: 'مشروبات', subcategory: 'مشروبات ساخنة', word: 'tea', language: 'en' },
  { category: 'زراعة', subcategory: 'أصيص', word: 'Blumentopf', language: 'de' },
];

export const dictionaryRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.db;

  app.get(
    '/category/categories-and-subcategories',
    {
      config: { access: 'tests.administer' },
      schema: {
        tags: ['categories'],
        querystring: dictionaryQuerySchema,
        response: { 200: dictionaryOut, ...authErrors },
      },
    },
    async (request) => dictionaryTree(db, request.query.set_id),
  );

  app.post(
    '/category/category-management',
    {
      config: { access: 'tests.administer' },
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
      reply.code(request.body.id ? 200 : 201);
      return saveDictionaryEntry(db, actorOf(request).id, request.body);
    },
  );

  app.delete(
    '/category/delete-category/:id',
    {
      config: { access: 'tests.administer' },
      schema: { tags: ['categories'], params: idParams, response: { 200: messageOut, ...authErrors } },
    },
    async (request) => {
      return removeCategory(db, actorOf(request).id, request.params.id);
    },
  );

  app.delete(
    '/category/delete-set/:id',
    {
      config: { access: 'tests.administer' },
      schema: { tags: ['categories'], params: idParams, response: { 200: messageOut, ...authErrors, 409: errorOut } },
    },
    async (request) => {
      return removeSet(db, actorOf(request).id, request.params.id);
    },
  );

  app.post(
    '/category/search-word',
    {
      config: { access: 'tests.administer' },
      schema: {
        tags: ['categories'],
        body: searchWordSchema,
        response: {
          200: wordSearchOut,
          ...authErrors,
        },
      },
    },
    async (request) => searchDictionary(db, request.body.word, request.body.set_id),
  );

  app.get(
    '/category/import-words/template',
    {
      config: { access: 'tests.administer' },
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
      config: { access: 'tests.administer' },
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
      const outcome = await importWordSheet(db, actor.id, setId, form.file);
      if ('rejected' in outcome)
        return reply
          .code(400)
          .send({ message: messageText('app.import.hasErrors'), key: 'app.import.hasErrors', rows: outcome.rejected });
      return {
        message: messageText('app.scoring.wordsImported'),
        key: 'app.scoring.wordsImported',
        ...outcome.imported,
      };
    },
  );
};
