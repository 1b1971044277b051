import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { pickLocale } from '../../../domain/texts';
import { ROLE, isFamily } from '../../../domain/permissions';
import { childOut, childSchema } from '../../../domain/schemas/users';
import { childrenInScope } from '../../auth/scope';
import { forbidden, notFound, parseInput } from '../../errors';
import { actorOf } from '../../plugins/access';
import { findChildInScope } from '../../repositories/children';
import { presentChild } from '../../repositories/users';
import { childArchive } from '../../services/childArchive';
import { addFamilyChild, deleteChild, editChild } from '../../services/children';
import { readForm } from '../multipart';
import { attachment, authErrors, errorOut, idParams, messageOut } from '../schemas';

/** A family's children: add, edit, read, delete, always within the caller's scope. */
export const childrenRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.db;

  const childInScope = (request: Parameters<typeof actorOf>[0], id: number) =>
    findChildInScope(db, id, childrenInScope(actorOf(request)));

  /** Only the family that owns a child (or a platform admin) changes it. */
  async function ownedChild(request: Parameters<typeof actorOf>[0], id: number) {
    const actor = actorOf(request);
    const row = await childInScope(request, id);
    if (row.parentId !== actor.id && !actor.roles.includes(ROLE.admin)) throw notFound();
    return row;
  }

  app.post(
    '/users/add/child',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['children'],
        consumes: ['multipart/form-data', 'application/json'],
        response: { 201: z.object({ child: childOut }), ...authErrors, 413: errorOut },
      },
    },
    async (request, reply) => {
      const actor = actorOf(request);
      // children belong to families; admins may add them too
      if (!isFamily(actor) && !actor.roles.includes(ROLE.admin)) throw forbidden();
      const form = await readForm(request);
      const input = parseInput(childSchema, form.fields);
      const image = form.file ? await app.storage.saveImage('photos', form.file.data) : null;
      // a family's child: of no school, outside any seat quota
      const child = await addFamilyChild(db, actor.id, input, image);
      reply.code(201);
      return { child: presentChild(child) };
    },
  );

  app.get(
    '/children/:id',
    {
      config: { access: 'signed-in' },
      schema: { tags: ['children'], params: idParams, response: { 200: z.object({ child: childOut }), ...authErrors } },
    },
    async (request) => ({ child: presentChild(await childInScope(request, request.params.id)) }),
  );

  app.get(
    '/children/:id/archive',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['children'],
        params: idParams,
        querystring: z.object({ lang: z.string().max(10).optional() }),
        produces: ['application/zip'],
        response: { 200: z.any().describe('{child name}-{id}-neomi.zip'), ...authErrors },
      },
    },
    async (request, reply) => {
      const locale = pickLocale(request.query.lang, request.headers['accept-language'], 'ar');
      const { filename, stream } = await childArchive(
        db,
        app.storage,
        actorOf(request),
        request.params.id,
        locale,
        (err) => request.log.error({ err }, 'child archive: the zip could not be finished'),
      );
      return reply
        .type('application/zip')
        .header('content-disposition', attachment(filename))
        .header('cache-control', 'private, no-store')
        .header('x-content-type-options', 'nosniff')
        .send(stream);
    },
  );

  app.put(
    '/users/edit/child/:id',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['children'],
        params: idParams,
        body: childSchema,
        response: { 200: z.object({ child: childOut }), ...authErrors },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      const before = await ownedChild(request, request.params.id);
      const after = await editChild(db, actor.id, before, request.body);
      return { child: presentChild(after) };
    },
  );

  app.delete(
    '/users/delete/child/:id',
    {
      config: { access: 'signed-in' },
      schema: { tags: ['children'], params: idParams, response: { 200: messageOut, ...authErrors } },
    },
    async (request) => {
      const actor = actorOf(request);
      const before = await ownedChild(request, request.params.id);
      await deleteChild(db, { jobs: app.jobs }, actor.id, before);
      return { message: 'Child deleted', key: 'app.notify.childDeleted' };
    },
  );
};
