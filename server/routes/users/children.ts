import { and, eq, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { USER_TYPE } from '../../../domain/codes';
import { ROLE } from '../../../domain/permissions';
import { childSchema, type ChildInput } from '../../../domain/schemas/users';
import { childrenInScope } from '../../auth/scope';
import { children } from '../../db/schema';
import { forbidden, notFound, parseInput } from '../../errors';
import { actorOf } from '../../plugins/access';
import { presentChild } from '../../repositories/users';
import { changedFields, writeLog } from '../../services/audit';
import { insertLearners } from '../../services/seats';
import { readForm } from '../multipart';
import { authErrors, childOut, errorOut, idParams, messageOut } from '../schemas';

const columns = (input: ChildInput) => ({
  name: input.name,
  gender: input.gender,
  birthdate: input.birthdate,
  country: input.country ?? null,
  city: input.city ?? null,
  aboutMe: input.about_me ?? null,
  mobileNo: input.mobile_no ?? null,
  language: input.language ?? null,
  secondLanguage: input.second_language ?? null,
});

/** A family's children: add, edit, read, delete, always within the caller's scope. */
export const childrenRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.db;

  async function childInScope(request: Parameters<typeof actorOf>[0], id: number) {
    const scope = childrenInScope(actorOf(request));
    const [row] = await db
      .select()
      .from(children)
      .where(scope ? and(eq(children.id, id), scope) : eq(children.id, id));
    if (!row) throw notFound();
    return row;
  }

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
      // children belong to families (type 0 with the student role); admins may add them too
      const isFamily = actor.type === USER_TYPE.family && actor.roles.includes(ROLE.student);
      if (!isFamily && !actor.roles.includes(ROLE.admin)) throw forbidden();
      const form = await readForm(request);
      const input = parseInput(childSchema, form.fields);
      const image = form.file ? await app.storage.saveImage('photos', form.file.data) : null;
      const child = await db.transaction(async (tx) => {
        // a family's child: of no school, outside any seat quota
        const [row] = await insertLearners(tx, null, [{ ...columns(input), image, parentId: actor.id }]);
        await writeLog(tx, {
          actorId: actor.id,
          action: 'create',
          entity: 'child',
          entityId: row.id,
          newValue: { id: row.id, parent_id: actor.id },
        });
        return row;
      });
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
      const after = await db.transaction(async (tx) => {
        const [row] = await tx
          .update(children)
          .set({ ...columns(request.body), updatedAt: sql`now()` })
          .where(eq(children.id, before.id))
          .returning();
        const diff = changedFields(presentChild(before), presentChild(row));
        // the log keeps which fields changed, not the child's personal data
        await writeLog(tx, {
          actorId: actor.id,
          action: 'update',
          entity: 'child',
          entityId: before.id,
          newValue: { fields: Object.keys(diff.new) },
        });
        return row;
      });
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
      await db.transaction(async (tx) => {
        await tx.delete(children).where(eq(children.id, before.id));
        await writeLog(tx, {
          actorId: actor.id,
          action: 'delete',
          entity: 'child',
          entityId: before.id,
          oldValue: { id: before.id, parent_id: before.parentId },
        });
      });
      if (before.image) await app.storage.remove('photos', before.image);
      return { message: 'Child deleted', key: 'app.notify.childDeleted' };
    },
  );
};
