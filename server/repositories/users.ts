import { and, count, eq, getTableColumns, inArray, or, sql, type SQL } from 'drizzle-orm';
import { union } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import { USER_STATUS, USER_TYPE } from '../../domain/codes';
import type { userListSchema } from '../../domain/schemas/users';
import { ROLE, type RoleKey } from '../../domain/permissions';
import { assertNotLastAdmin } from '../auth/grants';
import { revokeAllTokens } from '../auth/tokens';
import type { Database, Executor } from '../db/client';
import { writeLog } from '../services/audit';
import { activities, children, roles, userRoles, users } from '../db/schema';
import { orderBy, pageAndTotal, searchCondition } from '../db/listing';
import type { UserOut } from '../../domain/schemas/users';
import { notFound } from '../errors';

export type UserRow = typeof users.$inferSelect;
/** A user as lists read them: every column but the password hash. */
export type UserShownRow = Omit<UserRow, 'passwordHash'>;
export const userShownColumns = (({ passwordHash: _hash, ...shown }) => shown)(getTableColumns(users));
export type ChildRow = typeof children.$inferSelect;

export const photoUrl = (name: string | null) => (name ? `/api/files/photos/${name}` : null);

export function presentUser(row: UserShownRow, roleNames: string[] = []): UserOut {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    username: row.username,
    type: row.type,
    gender: row.gender,
    birthdate: row.birthdate,
    country: row.country,
    city: row.city,
    job_title: row.jobTitle,
    about_me: row.aboutMe,
    mobile_no: row.mobileNo,
    photo: photoUrl(row.photo),
    removed: row.removed,
    approved: row.approved,
    created_at: row.createdAt.toISOString(),
    degree: row.degree,
    major: row.major,
    faculty: row.faculty,
    specialization: row.specialization,
    grade: row.grade,
    employment: row.employment,
    experience: row.experience,
    available_hours: row.availableHours,
    employment_place: row.employmentPlace,
    region_id: row.regionId,
    school_id: row.schoolId,
    roles: roleNames,
  };
}

/** A user as the audit log keeps it: the API's field names, without roles (logged on their own). */
export function userLogValue(row: UserRow): Omit<UserOut, 'roles'> {
  const { roles: _roles, ...fields } = presentUser(row);
  return fields;
}

export function presentChild(row: ChildRow) {
  return {
    id: row.id,
    parent_id: row.parentId,
    name: row.name,
    gender: row.gender,
    birthdate: row.birthdate,
    country: row.country,
    city: row.city,
    about_me: row.aboutMe,
    mobile_no: row.mobileNo,
    language: row.language,
    second_language: row.secondLanguage,
    image: photoUrl(row.image),
  };
}

/** Role names of several users at once. */
export async function roleNamesByUser(db: Executor, userIds: number[]): Promise<Map<number, string[]>> {
  const map = new Map<number, string[]>(userIds.map((id) => [id, []]));
  if (!userIds.length) return map;
  const rows = await db
    .select({ userId: userRoles.userId, name: roles.name })
    .from(userRoles)
    .innerJoin(roles, eq(roles.id, userRoles.roleId))
    .where(inArray(userRoles.userId, userIds))
    .orderBy(roles.name);
  for (const r of rows) map.get(r.userId)!.push(r.name);
  return map;
}

/**
 * The names of each user's roles, in order, as a column of a query over the
 * users table (one query for a page of users). Every name in it is written
 * with its table: Drizzle writes a one-table select's columns without theirs.
 */
export const roleNamesColumn = sql<string[]>`array(
  select r.name from ${userRoles} ur join ${roles} r on r.id = ur.role_id
  where ur.user_id = ${users}.${sql.identifier('id')} order by r.name)::text[]`;

/** A user the actor may see (scope condition), or 404. */
export async function findUserInScope(db: Executor, id: number, scope: SQL | undefined): Promise<UserRow> {
  const [row] = await db
    .select()
    .from(users)
    .where(scope ? and(eq(users.id, id), scope) : eq(users.id, id));
  if (!row) throw notFound();
  return row;
}

export async function findUserByEmail(db: Executor, email: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = ${email.toLowerCase()}`);
  return row;
}

/** Gives a user a built-in role, found by its fixed key (ROLE), never by its name. */
export async function assignBuiltInRole(db: Executor, userId: number, key: RoleKey) {
  const [role] = await db.select({ id: roles.id }).from(roles).where(eq(roles.key, key));
  if (role) await db.insert(userRoles).values({ userId, roleId: role.id }).onConflictDoNothing();
}
/** @deprecated built-in roles are given by key: assignBuiltInRole */
export const assignRoleByName = assignBuiltInRole;

/** Takes a built-in role (by key) from a user. */
export async function removeBuiltInRole(db: Executor, userId: number, key: RoleKey) {
  await db
    .delete(userRoles)
    .where(
      and(
        eq(userRoles.userId, userId),
        inArray(userRoles.roleId, db.select({ id: roles.id }).from(roles).where(eq(roles.key, key))),
      ),
    );
}

/** Snake-case API fields → columns, for the fields a form may change. */
export const userColumnsFromInput = (input: Record<string, unknown>): Partial<typeof users.$inferInsert> => {
  const map: Record<string, keyof typeof users.$inferInsert> = {
    name: 'name',
    email: 'email',
    username: 'username',
    gender: 'gender',
    birthdate: 'birthdate',
    country: 'country',
    city: 'city',
    job_title: 'jobTitle',
    about_me: 'aboutMe',
    mobile_no: 'mobileNo',
    degree: 'degree',
    major: 'major',
    faculty: 'faculty',
    specialization: 'specialization',
    grade: 'grade',
    employment: 'employment',
    experience: 'experience',
    available_hours: 'availableHours',
    employment_place: 'employmentPlace',
  };
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(input)) if (k in map && v !== undefined) out[map[k]] = v;
  return out as Partial<typeof users.$inferInsert>;
};

/**
 * Activates or deactivates an account (removed 0 / 1), in one transaction
 * with its log row; deactivating revokes every token the user holds.
 */
export async function setUserActive(db: Database, actorId: number, before: UserRow, active: boolean): Promise<UserRow> {
  const removed = active ? USER_STATUS.active : USER_STATUS.inactive;
  return db.transaction(async (tx) => {
    if (!active) await assertNotLastAdmin(tx, before.id);
    const [row] = await tx
      .update(users)
      .set({ removed, updatedAt: sql`now()` })
      .where(eq(users.id, before.id))
      .returning();
    if (!active) await revokeAllTokens(tx, before.id);
    await writeLog(tx, {
      actorId,
      action: active ? 'activate' : 'deactivate',
      entity: 'user',
      entityId: before.id,
      oldValue: { removed: before.removed },
      newValue: { removed },
    });
    return row;
  });
}

const ORDER_COLUMNS = {
  id: users.id,
  name: users.name,
  email: users.email,
  created_at: users.createdAt,
  type: users.type,
  country: users.country,
};

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

/** The teachers among the users: approved ones, or sign-ups waiting for approval. */
export const teachersApproved = (approved: boolean): SQL =>
  and(eq(users.type, USER_TYPE.teacher), eq(users.approved, approved))!;

/** A teacher (approved or not) the actor may see, or 404. */
export const findTeacherInScope = (db: Executor, id: number, scope: SQL | undefined) =>
  findUserInScope(db, id, and(scope, eq(users.type, USER_TYPE.teacher)));

/** A user with their role names, as the API shows them. */
export async function presentUserWithRoles(db: Executor, row: UserShownRow): Promise<UserOut> {
  return presentUser(row, (await roleNamesByUser(db, [row.id])).get(row.id));
}

/** An account by id, as the API shows it (the caller knows it exists). */
export async function presentedUserById(db: Executor, id: number): Promise<UserOut> {
  const [row] = await db.select().from(users).where(eq(users.id, id));
  return presentUserWithRoles(db, row);
}

/** A family's children within the actor's scope, and the activities of those children, as the API shows them. */
export async function childrenAndActivitiesOf(db: Executor, parentId: number, scope: SQL | undefined) {
  const childRows = await db
    .select()
    .from(children)
    .where(scope ? and(eq(children.parentId, parentId), scope) : eq(children.parentId, parentId))
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
    children: childRows.map(presentChild),
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
}

/** Up to 20 users in scope whose name or email contains the text, by name. */
export async function searchUsers(db: Executor, scope: SQL | undefined, text: string) {
  return db
    .select({ id: users.id, name: users.name, email: users.email, type: users.type })
    .from(users)
    .where(and(scope, searchCondition(text, [users.name, users.email])))
    .orderBy(users.name)
    .limit(20);
}

/** Writes changes to an account; the account after them. */
export async function updateUser(db: Executor, id: number, changes: Partial<typeof users.$inferInsert>) {
  const [after] = await db
    .update(users)
    .set({ ...changes, updatedAt: sql`now()` })
    .where(eq(users.id, id))
    .returning();
  return after;
}

/** Deletes an account (its rows that belong to it go with it, by the foreign keys). */
export async function deleteUserRow(db: Executor, id: number) {
  await db.delete(users).where(eq(users.id, id));
}

/** The active platform admins (role admin), who are told of every order and answer. */
export async function platformAdmins(db: Executor): Promise<{ id: number; email: string; name: string }[]> {
  return db
    .select({ id: users.id, email: users.email, name: users.name })
    .from(users)
    .innerJoin(userRoles, eq(userRoles.userId, users.id))
    .innerJoin(roles, eq(roles.id, userRoles.roleId))
    .where(and(eq(roles.key, ROLE.admin), eq(users.removed, 0)))
    .orderBy(users.id);
}
