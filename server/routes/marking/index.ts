import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { messageText } from '../../../domain/messages';
import {
  allocateSchema,
  assignmentSchema,
  finishMarkingSchema,
  markImageSchema,
  markingTestsSchema,
  adminMarkingTestOut,
  allocationOut,
  markerLoadOut,
  markingImageOut,
  markingQueueItemOut,
  testForMarkingOut,
} from '../../../domain/schemas/marking';
import { notFound } from '../../errors';
import { actorOf } from '../../plugins/access';
import { markersByLoad, markerQueue } from '../../repositories/marking';
import { seedFigurePng } from '../../services/sampleFigures';
import {
  allocateTests,
  drawingForMarker,
  finishMarking,
  markImage,
  markingTests,
  ownTestForMarking,
  testAgreement,
} from '../../services/marking';
import { folderOf } from '../exams/files';
import { authErrors, errorOut, idParams } from '../schemas';
import { reliabilityRoutes } from './reliability';

/**
 * Marking of the drawings (docs/api/marking.md, domain/marking/rubric.ts).
 * Markers (mark_neomi_test) see only the tests allocated to them, by a
 * pseudonymous code: no call of theirs selects the learner. admin_neomi
 * allocates tests, one or many, and reads the agreement of double markings.
 * The workflows are in server/services/marking.ts, the queries in server/repositories/marking.ts.
 */

const conflictErrors = { ...authErrors, 409: errorOut };

export const markingRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.db;
  await app.register(reliabilityRoutes);

  // ---------------------------------------------------------------- the marker's side

  app.post(
    '/users/to/mark',
    {
      config: { access: 'tests.mark' },
      schema: {
        tags: ['marking'],
        response: { 200: z.object({ data: z.array(markingQueueItemOut), total: z.number() }), ...authErrors },
      },
    },
    async (request) => {
      const data = await markerQueue(db, actorOf(request).id, 'open');
      return { data, total: data.length };
    },
  );

  app.post(
    '/users/with/marked/answers',
    {
      config: { access: 'tests.mark' },
      schema: {
        tags: ['marking'],
        response: { 200: z.object({ data: z.array(markingQueueItemOut), total: z.number() }), ...authErrors },
      },
    },
    async (request) => {
      const data = await markerQueue(db, actorOf(request).id, 'finished');
      return { data, total: data.length };
    },
  );

  app.post(
    '/exam/report/for/marking',
    {
      config: { access: 'tests.mark' },
      schema: { tags: ['marking'], body: assignmentSchema, response: { 200: testForMarkingOut, ...authErrors } },
    },
    async (request) => ownTestForMarking(db, actorOf(request).id, request.body.assignment_id),
  );

  app.get(
    '/marking/images/:assignment_id/:file_id',
    {
      config: { access: 'tests.mark' },
      schema: {
        tags: ['marking'],
        params: z.object({ assignment_id: idParams.shape.id, file_id: idParams.shape.id }),
        querystring: z.object({ variant: z.enum(['thumb']).optional() }),
      },
    },
    async (request, reply) => {
      const { assignment_id: assignmentId, file_id: fileId } = request.params;
      const drawing = await drawingForMarker(db, actorOf(request).id, assignmentId, fileId);
      const stored =
        (await app.storage.read(folderOf(drawing), drawing.name, request.query.variant)) ??
        (await seedFigurePng(drawing.name, request.query.variant)?.then((data) => ({
          body: data,
          size: data.length,
          mime: 'image/png',
        })));
      if (!stored) throw notFound();
      return reply
        .type(stored.mime)
        .header('cache-control', 'private, max-age=3600')
        .header('x-content-type-options', 'nosniff')
        .header('content-length', stored.size)
        .send(stored.body);
    },
  );

  app.post(
    '/mark/exam/report',
    {
      config: { access: 'tests.mark' },
      schema: {
        tags: ['marking'],
        body: markImageSchema,
        response: {
          200: z.object({
            message: z.string(),
            key: z.string(),
            version: z.number(),
            image: markingImageOut,
            marked: z.number(),
          }),
          ...conflictErrors,
        },
      },
    },
    async (request) => {
      const { assignment_id: assignmentId, file_id: fileId, version, scores } = request.body;
      const saved = await markImage(db, actorOf(request).id, { assignmentId, fileId, version, scores });
      return { message: messageText('app.marking.saved'), key: 'app.marking.saved', ...saved };
    },
  );

  app.post(
    '/mark/exam/finish',
    {
      config: { access: 'tests.mark' },
      schema: {
        tags: ['marking'],
        body: finishMarkingSchema,
        response: {
          200: z.object({ message: z.string(), key: z.string(), test: testForMarkingOut }),
          ...conflictErrors,
        },
      },
    },
    async (request) => {
      const { assignment_id: assignmentId, version } = request.body;
      const test = await finishMarking(db, actorOf(request).id, assignmentId, version);
      return { message: messageText('app.marking.done'), key: 'app.marking.done', test };
    },
  );

  // ---------------------------------------------------------------- allocation and agreement (admin_neomi)

  app.get(
    '/marking/markers',
    {
      config: { access: 'tests.administer' },
      schema: {
        tags: ['marking'],
        response: {
          200: z.object({
            data: z.array(markerLoadOut),
          }),
          ...authErrors,
        },
      },
    },
    async () => ({ data: await markersByLoad(db) }),
  );

  app.post(
    '/marking/tests',
    {
      config: { access: 'tests.administer' },
      schema: {
        tags: ['marking'],
        body: markingTestsSchema,
        response: { 200: z.object({ data: z.array(adminMarkingTestOut), total: z.number() }), ...authErrors },
      },
    },
    async (request) => {
      const data = await markingTests(db, actorOf(request), request.body.status);
      return { data, total: data.length };
    },
  );

  app.post(
    '/marking/assign',
    {
      config: { access: 'tests.administer' },
      schema: {
        tags: ['marking'],
        body: allocateSchema,
        response: {
          200: z.object({
            message: z.string(),
            key: z.string(),
            assignments: z.array(allocationOut),
          }),
          ...conflictErrors,
        },
      },
    },
    async (request) => {
      const { marker_id: markerId, exam_ids: examIds } = request.body;
      const assignments = await allocateTests(db, actorOf(request), markerId, examIds);
      return { message: messageText('app.marking.assigned'), key: 'app.marking.assigned', assignments };
    },
  );

  app.get(
    '/marking/agreement/:id',
    {
      config: { access: 'tests.administer' },
      schema: { tags: ['marking'], params: idParams, response: { 200: adminMarkingTestOut, ...authErrors } },
    },
    async (request) => testAgreement(db, actorOf(request), request.params.id),
  );
};
