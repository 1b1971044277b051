import { and, asc, eq, exists, gt, inArray, isNotNull, or, sql } from 'drizzle-orm';
import type { Actor } from '../auth/actor';
import { childrenInScope, groupsInScope, groupsManagedBy, usersInScope } from '../auth/scope';
import type { Executor } from '../db/client';
import { certificates, children, courses, groupMembers, groups, roles, userRoles, users } from '../db/schema';
import { notFound } from '../errors';

/** What the teaching documents read: certificates and the users export (docs/api/teaching.md "Certificates and exports"). */

/**
 * The group of a certificate in the actor's scope: a group it sees, or, for the learner's own family, any group
 * whose certificate was issued to the learner (kept after the learner leaves it).
 */
const groupOfCertificateInScope = (actor: Actor) => {
  const scope = groupsInScope(actor);
  if (!scope) return undefined;
  const issuedToOwnChild = and(
    eq(children.parentId, actor.id),
    exists(
      sql`(select 1 from ${certificates} where ${certificates.childId} = ${children.id} and ${certificates.groupId} = ${groups.id})`,
    ),
  );
  return or(scope, issuedToOwnChild);
};

/** The learner and group a certificate is about, both in the caller's scope, with the learner's status there; else 404. */
export async function certificateSubject(db: Executor, actor: Actor, childId: number, groupId: number) {
  const [row] = await db
    .select({
      childId: children.id,
      childName: children.name,
      childGender: children.gender,
      parentId: children.parentId,
      groupId: groups.id,
      groupName: groups.name,
      courseName: courses.name,
      status: groupMembers.status,
    })
    .from(children)
    .innerJoin(groups, eq(groups.id, groupId))
    .leftJoin(courses, eq(courses.id, groups.courseId))
    .leftJoin(groupMembers, and(eq(groupMembers.groupId, groups.id), eq(groupMembers.childId, children.id)))
    .where(and(eq(children.id, childId), childrenInScope(actor), groupOfCertificateInScope(actor)));
  if (!row) throw notFound();
  return row;
}

/** Whether the actor runs the group (its teacher, or an admin of its school, region or the platform): who issues. */
export async function managesGroup(db: Executor, actor: Actor, groupId: number) {
  const [row] = await db
    .select({ id: groups.id })
    .from(groups)
    .where(and(eq(groups.id, groupId), groupsManagedBy(actor)));
  return row !== undefined;
}

/** The certificate of a learner for a group, or undefined. */
export async function certificateOf(db: Executor, childId: number, groupId: number) {
  const [certificate] = await db
    .select()
    .from(certificates)
    .where(and(eq(certificates.childId, childId), eq(certificates.groupId, groupId)));
  return certificate;
}

/** A certificate by its code, with the learner's name and the course, or undefined. */
export async function certificateByCode(db: Executor, code: string) {
  const [row] = await db
    .select({ code: certificates.code, issuedAt: certificates.issuedAt, name: children.name, course: courses.name })
    .from(certificates)
    .innerJoin(children, eq(children.id, certificates.childId))
    .innerJoin(groups, eq(groups.id, certificates.groupId))
    .leftJoin(courses, eq(courses.id, groups.courseId))
    .where(eq(certificates.code, code));
  return row;
}

/** A user of the export, with the keys of their built-in roles (domain/permissions.ts ROLE). */
export type UserRow = typeof users.$inferSelect & { roleKeys: string[] };

/** The built-in role keys of some users. */
async function roleKeysOf(db: Executor, ids: number[]): Promise<Map<number, string[]>> {
  const byUser = new Map<number, string[]>();
  if (!ids.length) return byUser;
  const rows = await db
    .select({ userId: userRoles.userId, key: roles.key })
    .from(userRoles)
    .innerJoin(roles, eq(roles.id, userRoles.roleId))
    .where(and(inArray(userRoles.userId, ids), isNotNull(roles.key)));
  for (const r of rows) byUser.set(r.userId, [...(byUser.get(r.userId) ?? []), r.key!]);
  return byUser;
}

/**
 * The users in the caller's scope with their role keys, in pages of 1000 by id (keyset), so that an export never
 * holds every row.
 */
export async function* userPagesInScope(db: Executor, actor: Actor): AsyncIterable<UserRow[]> {
  const scope = usersInScope(actor);
  let after = 0;
  for (;;) {
    const page = await db
      .select()
      .from(users)
      .where(and(scope, gt(users.id, after)))
      .orderBy(asc(users.id))
      .limit(1000);
    if (!page.length) return;
    const keys = await roleKeysOf(
      db,
      page.map((u) => u.id),
    );
    yield page.map((u) => ({ ...u, roleKeys: keys.get(u.id) ?? [] }));
    after = page[page.length - 1].id;
  }
}
