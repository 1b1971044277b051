import { and, count, eq, or, sql, type SQL } from 'drizzle-orm';
import { union } from 'drizzle-orm/pg-core';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { USER_STATUS } from '../../../domain/codes';
import { userEditSchema, userListSchema, userSearchSchema } from '../../../domain/schemas/users';
import { childrenInScope, userCardsInScope, usersInScope } from '../../auth/scope';
import { assertNotLastAdmin } from '../../auth/grants';
import { revokeAllTokens, revokeOtherTokens } from '../../auth/tokens';
import type { Executor } from '../../db/client';
import { activities, children, users } from '../../db/schema';
import { AppError, conflict, notFound, parseInput } from '../../errors';
import { actorOf, requirePermission, requirePermissionForRecord } from '../../plugins/access';
import {
  findUserByEmail,
  findUserInScope,
  presentChild,
  presentUser,
  roleNamesByUser,
  roleNamesColumn,
  setUserActive,
  userShownColumns,
  userColumnsFromInput,
  userLogValue,
  type UserRow,
} from '../../repositories/users';
import { checkCurrentPassword, mailEmailChanged } from '../../services/accountSecurity';
import { requestLocale } from '../../services/mailText';
import { changedFields, writeLog } from '../../services/audit';
import { orderBy, pageAndTotal, searchCondition } from '../../db/listing';
import { filterFromBodyOrQuery } from '../listing';
import { readForm } from '../multipart';
import { activityOut, authErrors, childOut, errorOut, idParams, messageOut, userCardOut, userOut } from '../schemas';

const ORDER_COLUMNS = {
  id: users.id,
  name: users.name,
  email: users.email,
  created_at: users.createdAt,
  type: users.type,
  country: users.country,
};
const listOut = z.object({ users: z.array(userOut), count: z.number() });

/**
 * A page of users matching the filter, with the total, for the lists of users
 * and teachers. A search's total is counted as the union of the users whose
 * name and those whose email contain the text: each part reads its trigram
 * index (migration 0014), where the OR of the two makes PostgreSQL lower-case
 * every row of a table of a few thousand users.
 */
export async function listUsers(db: Executor, filter: z.infer<typeof userListSchema>, conditions: (SQL | undefined)[]) {
  const filters = and(
    ...conditions,
    filter.status === undefined
      ? undefined
      : filter.status === USER_STATUS.active
        ? eq(users.removed, 0)
        : sql`${users.removed} <> 0`,
    filter.type === undefined ? undefined : eq(users.type, filter.type),
  );
  const byName = searchCondition(filter.search_text, [users.name]);
  const byEmail = searchCondition(filter.search_text, [users.email]);
  const where = and(filters, byName && or(byName, byEmail));
  const matching = (search: SQL | undefined) => db.select({ id: users.id }).from(users).where(and(filters, search));
  const { rows, total } = await pageAndTotal(
    db
      .select({ user: userShownColumns, roles: roleNamesColumn })
      .from(users)
      .where(where)
      .orderBy(
        orderBy(ORDER_COLUMNS[filter.order_by], filter.order_direction),
        orderBy(users.id, filter.order_direction),
      )
      .limit(filter.limit)
      .offset(filter.offset),
    byName
      ? db.select({ n: count() }).from(union(matching(byName), matching(byEmail)).as('matching'))
      : db.select({ n: count() }).from(users).where(where),
  );
  return { users: rows.map((r) => presentUser(r.user, r.roles)), count: total };
}

async function saveUser(
  db: Executor,
  actor: { id: number; tokenId: number },
  before: UserRow,
  changes: Partial<typeof users.$inferInsert>,
) {
  const emailChanged = emailChangeOf(before, changes) !== undefined;
  return db.transaction(async (tx) => {
    if (emailChanged) {
      const other = await findUserByEmail(tx, changes.email!);
      if (other && other.id !== before.id) throw conflict('app.errors.emailTaken', { email: 'app.errors.emailTaken' });
    }
    const [after] = await tx
      .update(users)
      .set({ ...changes, updatedAt: sql`now()` })
      .where(eq(users.id, before.id))
      .returning();
    // a new email ends the account's other sessions (all of them when someone else changed it)
    if (emailChanged)
      await (before.id === actor.id ? revokeOtherTokens(tx, before.id, actor.tokenId) : revokeAllTokens(tx, before.id));
    const diff = changedFields(userLogValue(before), userLogValue(after));
    if (Object.keys(diff.new).length) {
      await writeLog(tx, {
        actorId: actor.id,
        action: 'update',
        entity: 'user',
        entityId: before.id,
        oldValue: diff.old,
        newValue: diff.new,
      });
    }
    return after;
  });
}

/** The new email when a change gives the account another one. */
const emailChangeOf = (before: UserRow, changes: Partial<typeof users.$inferInsert>) =>
  changes.email && changes.email.toLowerCase() !== before.email.toLowerCase() ? changes.email : undefined;

export const usersRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.db;
  const one = async (row: UserRow) => presentUser(row, (await roleNamesByUser(db, [row.id])).get(row.id));

  /** The user for a change: self, or someone in scope for a holder of access_users. */
  async function editableUser(actorReq: Parameters<typeof actorOf>[0], id: number) {
    const actor = actorOf(actorReq);
    if (id !== actor.id) requirePermissionForRecord(actor, 'access_users');
    return findUserInScope(db, id, usersInScope(actor));
  }

  app.post(
    '/users',
    {
      config: { access: 'access_users' },
      preValidation: filterFromBodyOrQuery,
      schema: { tags: ['users'], body: userListSchema, response: { 200: listOut, ...authErrors } },
    },
    async (request) => listUsers(db, request.body, [usersInScope(actorOf(request))]),
  );

  app.get(
    '/users/show/:id',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['users'],
        params: idParams,
        response: {
          200: z.object({ user: userOut, tasks: z.array(activityOut), childern: z.array(childOut) }),
          ...authErrors,
        },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      const row = await findUserInScope(db, request.params.id, usersInScope(actor));
      const scope = childrenInScope(actor);
      const childRows = await db
        .select()
        .from(children)
        .where(scope ? and(eq(children.parentId, row.id), scope) : eq(children.parentId, row.id))
        .orderBy(children.id);
      const ids = childRows.map((c) => c.id);
      const tasks = ids.length
        ? await db
            .select()
            .from(activities)
            .where(sql`${activities.childId} in ${ids}`)
            .orderBy(activities.id)
        : [];
      return {
        user: await one(row),
        childern: childRows.map(presentChild),
        tasks: tasks.map((t) => ({
          id: t.id,
          child_id: t.childId,
          course_id: t.courseId,
          name: t.name,
          title: t.title,
          message: t.message,
          feedback: t.feedback,
          status: t.status,
          rate: t.rate,
          teacher_rate: t.teacherRate,
          grade: t.grade,
          badge_id: t.badgeId,
          originality: t.originality,
          fluency: t.fluency,
          flexibility: t.flexibility,
          created_at: t.createdAt.toISOString(),
        })),
      };
    },
  );

  app.get(
    '/users/show/profile/:id',
    {
      config: { access: 'signed-in' },
      schema: { tags: ['users'], params: idParams, response: { 200: z.object({ user: userCardOut }), ...authErrors } },
    },
    async (request) => {
      const actor = actorOf(request);
      // teachers' cards are shown to every signed-in user; anyone else's only within scope
      const scope = userCardsInScope(actor);
      const [row] = await db
        .select()
        .from(users)
        .where(scope ? and(eq(users.id, request.params.id), scope) : eq(users.id, request.params.id));
      if (!row) throw notFound();
      return { user: userCardOut.parse(await one(row)) };
    },
  );

  /**
   * Before an email change: the owner confirms it with the current password
   * (rate-limited like logins); after it, the old address is told.
   */
  async function confirmEmailChange(
    request: FastifyRequest,
    before: UserRow,
    changes: Partial<typeof users.$inferInsert>,
    currentPassword: string | undefined,
  ) {
    if (emailChangeOf(before, changes) && before.id === actorOf(request).id)
      await checkCurrentPassword(app, request, before, currentPassword);
  }
  const afterSave = (request: FastifyRequest, before: UserRow, after: UserRow) => {
    if (after.email !== before.email)
      mailEmailChanged(
        app,
        { name: after.name, oldEmail: before.email, newEmail: after.email },
        { locale: requestLocale(request), known: before.id === actorOf(request).id },
      );
    return after;
  };

  app.put(
    '/users/save:id',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['users'],
        params: idParams,
        body: userEditSchema,
        response: { 200: z.object({ user: userOut }), ...authErrors, 409: errorOut },
      },
    },
    async (request) => {
      const before = await editableUser(request, request.params.id);
      const changes = userColumnsFromInput(request.body);
      await confirmEmailChange(request, before, changes, request.body.current_password);
      return { user: await one(afterSave(request, before, await saveUser(db, actorOf(request), before, changes))) };
    },
  );

  app.post(
    '/users/save/:id',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['users'],
        params: idParams,
        consumes: ['multipart/form-data'],
        response: { 200: z.object({ user: userOut }), ...authErrors, 409: errorOut, 413: errorOut },
      },
    },
    async (request) => {
      const before = await editableUser(request, request.params.id);
      const form = await readForm(request);
      const input = parseInput(userEditSchema, form.fields);
      const changes = userColumnsFromInput(input);
      await confirmEmailChange(request, before, changes, input.current_password);
      if (form.file) changes.photo = await app.storage.saveImage('photos', form.file.data);
      return { user: await one(afterSave(request, before, await saveUser(db, actorOf(request), before, changes))) };
    },
  );

  app.post(
    '/users/update_photo/:id',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['users'],
        params: idParams,
        consumes: ['multipart/form-data'],
        response: { 200: z.object({ user: userOut }), ...authErrors, 413: errorOut },
      },
    },
    async (request) => {
      const before = await editableUser(request, request.params.id);
      const form = await readForm(request);
      if (!form.file)
        throw new AppError(400, 'app.validation.imageRequired', { image: 'app.validation.imageRequired' });
      const photo = await app.storage.saveImage('photos', form.file.data);
      const after = await saveUser(db, actorOf(request), before, { photo });
      if (before.photo) await app.storage.remove('photos', before.photo);
      return { user: await one(after) };
    },
  );

  const setRemoved =
    (removed: number) => async (request: { params: { id: number } } & Parameters<typeof actorOf>[0]) => {
      const actor = actorOf(request);
      const before = await findUserInScope(db, request.params.id, usersInScope(actor));
      if (before.id === actor.id) throw new AppError(400, 'app.errors.cannotDeleteSelf');
      const after = await setUserActive(db, actor.id, before, removed === USER_STATUS.active);
      request.log.info(
        { event: removed ? 'user.deactivated' : 'user.activated', userId: before.id, by: actor.id },
        'account status changed',
      );
      return { user: await one(after) };
    };
  const statusRoute = {
    config: { access: 'access_users' as const },
    schema: {
      tags: ['users'],
      params: idParams,
      response: { 200: z.object({ user: userOut }), ...authErrors, 409: errorOut },
    },
  };
  app.post('/users/activate/:id', statusRoute, setRemoved(USER_STATUS.active));
  app.post('/users/deactivate/:id', statusRoute, setRemoved(USER_STATUS.inactive));

  app.delete(
    '/users/delete/:id',
    {
      config: { access: 'access_users' },
      schema: { tags: ['users'], params: idParams, response: { 200: messageOut, ...authErrors, 409: errorOut } },
    },
    async (request) => {
      const actor = actorOf(request);
      const before = await findUserInScope(db, request.params.id, usersInScope(actor));
      if (before.id === actor.id) throw new AppError(400, 'app.errors.cannotDeleteSelf');
      await db.transaction(async (tx) => {
        await assertNotLastAdmin(tx, before.id);
        await tx.delete(users).where(eq(users.id, before.id));
        // the account is gone: its row in the log keeps what it was, not who (no name, email or contact)
        await writeLog(tx, {
          actorId: actor.id,
          action: 'delete',
          entity: 'user',
          entityId: before.id,
          oldValue: { id: before.id, type: before.type },
        });
      });
      if (before.photo) await app.storage.remove('photos', before.photo);
      return { message: 'Deleted', key: 'app.notify.deleted' };
    },
  );

  app.post(
    '/user/search',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['users'],
        body: userSearchSchema,
        response: {
          200: z.array(z.object({ id: z.number(), name: z.string(), email: z.string(), type: z.number() })),
          ...authErrors,
        },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      // test administrators search learners too (docs/PRODUCT.md §6 "Permissions": access_neomi)
      if (!actor.permissions.has('access_neomi')) requirePermission(actor, 'access_users');
      return db
        .select({ id: users.id, name: users.name, email: users.email, type: users.type })
        .from(users)
        .where(and(usersInScope(actor), searchCondition(request.body.search, [users.name, users.email])))
        .orderBy(users.name)
        .limit(20);
    },
  );
};
