import { and, eq, getTableColumns, inArray, sql, type SQL } from 'drizzle-orm';
import { USER_STATUS } from '../../domain/codes';
import type { RoleKey } from '../../domain/permissions';
import { assertNotLastAdmin } from '../auth/grants';
import { revokeAllTokens } from '../auth/tokens';
import type { Database, Executor } from '../db/client';
import { writeLog } from '../services/audit';
import { children, roles, userRoles, users } from '../db/schema';
import type { UserOut } from '../routes/schemas';
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
