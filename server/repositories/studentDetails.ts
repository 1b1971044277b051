import { and, count, eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { isBadgeShown } from '../../domain/codes';
import type { Actor } from '../auth/actor';
import { activitiesInScope, childrenInScope, groupsInScope } from '../auth/scope';
import type { Executor } from '../db/client';
import { activities, certificates, children, courses, groupMembers, groups, users } from '../db/schema';
import { photoUrl } from './users';

const parent = alias(users, 'parent');
const teacher = alias(users, 'teacher');

/**
 * A learner in the actor's scope (null otherwise): their details, the groups
 * the actor may see them in (all of them for their own family), and their
 * activities the actor sees, counted by status and badge.
 */
export async function studentDetails(db: Executor, actor: Actor, childId: number) {
  const [row] = await db
    .select({ child: children, parentName: parent.name })
    .from(children)
    .leftJoin(parent, eq(parent.id, children.parentId))
    .where(and(eq(children.id, childId), childrenInScope(actor)));
  if (!row) return null;
  const c = row.child;
  const groupScope = c.parentId === actor.id ? undefined : groupsInScope(actor);
  const [memberships, statuses, issued] = await Promise.all([
    db
      .select({
        id: groups.id,
        name: groups.name,
        course_id: groups.courseId,
        course_name: courses.name,
        teacher_id: groups.teacherId,
        teacher_name: teacher.name,
        member_status: groupMembers.status,
      })
      .from(groupMembers)
      .innerJoin(groups, eq(groups.id, groupMembers.groupId))
      .leftJoin(courses, eq(courses.id, groups.courseId))
      .leftJoin(teacher, eq(teacher.id, groups.teacherId))
      .where(and(eq(groupMembers.childId, c.id), groupScope))
      .orderBy(groups.name),
    db
      .select({ status: activities.status, badge: activities.badgeId, n: count() })
      .from(activities)
      .where(and(eq(activities.childId, c.id), activitiesInScope(actor)))
      .groupBy(activities.status, activities.badgeId),
    // the certificates issued to the child, kept after the child leaves the group
    db
      .select({
        group_id: certificates.groupId,
        group_name: groups.name,
        course_name: courses.name,
        code: certificates.code,
        issuedAt: certificates.issuedAt,
      })
      .from(certificates)
      .innerJoin(groups, eq(groups.id, certificates.groupId))
      .leftJoin(courses, eq(courses.id, groups.courseId))
      .where(and(eq(certificates.childId, c.id), groupScope))
      .orderBy(certificates.issuedAt, certificates.id),
  ]);
  const byStatus: Record<string, number> = { 0: 0, 1: 0, 2: 0, 3: 0 };
  for (const s of statuses) byStatus[s.status] = (byStatus[s.status] ?? 0) + s.n;
  return {
    child: {
      id: c.id,
      name: c.name,
      parent_id: c.parentId,
      parent_name: row.parentName,
      gender: c.gender,
      birthdate: c.birthdate,
      country: c.country,
      city: c.city,
      language: c.language,
      second_language: c.secondLanguage,
      about_me: c.aboutMe,
      image: photoUrl(c.image),
    },
    groups: memberships,
    certificates: issued.map(({ issuedAt, ...rest }) => ({ ...rest, issued_at: issuedAt.toISOString() })),
    activities: {
      total: statuses.reduce((n, s) => n + s.n, 0),
      by_status: byStatus,
      badges: statuses.filter((s) => isBadgeShown(s.badge)).reduce((n, s) => n + s.n, 0),
    },
  };
}
