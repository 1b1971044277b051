import { eq } from 'drizzle-orm';
import type { Database } from '../../../server/db/client';
import { children, courses, groupMembers, groups, roles, userRoles, users } from '../../../server/db/schema';
import { DEMO_PASSWORD } from '../../../server/seed/accounts';
import { hashPassword } from '../../../server/services/passwords';

/**
 * Fixtures of the activities tests, made directly in the database: accounts
 * with a role, groups with members. (Groups and memberships have their own
 * API in the teaching area; these tests are about what happens after.)
 */
let hash: string | undefined;

export async function createAccount(
  db: Database,
  role: string,
  email: string,
  extra: Partial<typeof users.$inferInsert> = {},
): Promise<number> {
  hash ??= await hashPassword(DEMO_PASSWORD);
  const [user] = await db
    .insert(users)
    .values({
      name: email.split('@')[0],
      email,
      passwordHash: hash,
      type: role === 'teacher' ? 1 : 0,
      approved: true,
      ...extra,
    })
    .returning({ id: users.id });
  const [r] = await db.select({ id: roles.id }).from(roles).where(eq(roles.name, role));
  await db.insert(userRoles).values({ userId: user.id, roleId: r.id });
  return user.id;
}

export async function createChild(
  db: Database,
  parentId: number | null,
  name: string,
  extra: Partial<typeof children.$inferInsert> = {},
): Promise<number> {
  const [child] = await db
    .insert(children)
    .values({ parentId, name, gender: 1, birthdate: '2016-01-01', ...extra })
    .returning({ id: children.id });
  return child.id;
}

export async function createGroup(
  db: Database,
  teacherId: number,
  name: string,
  members: number[] = [],
  extra: Partial<typeof groups.$inferInsert> = {},
): Promise<{ id: number; courseId: number }> {
  const [course] = await db
    .insert(courses)
    .values({ name: `${name} course` })
    .returning({ id: courses.id });
  const [group] = await db
    .insert(groups)
    .values({ name, teacherId, courseId: course.id, ...extra })
    .returning({ id: groups.id });
  if (members.length) await db.insert(groupMembers).values(members.map((childId) => ({ groupId: group.id, childId })));
  return { id: group.id, courseId: course.id };
}

export const addMember = (db: Database, groupId: number, childId: number, status = 1) =>
  db.insert(groupMembers).values({ groupId, childId, status });
