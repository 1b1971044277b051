import { and, count, eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { isBadgeShown } from '../../../domain/codes';
import { activitiesInScope, childrenInScope, groupsInScope } from '../../auth/scope';
import { activities, children, courses, groupMembers, groups, users } from '../../db/schema';
import { notFound } from '../../errors';
import { actorOf } from '../../plugins/access';
import { photoUrl } from '../../repositories/users';
import { authErrors, idParams } from '../schemas';
import { studentDetailsOut } from './schemas';

const parent = alias(users, 'parent');
const teacher = alias(users, 'teacher');

/** /student-details/{id}: a child's details, the groups the caller may see them in, and their activities by status. */
export const studentRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.db;

  app.get(
    '/student/details/:id',
    {
      config: { access: 'signed-in' },
      schema: { tags: ['activities'], params: idParams, response: { 200: studentDetailsOut, ...authErrors } },
    },
    async (request) => {
      const actor = actorOf(request);
      const [row] = await db
        .select({ child: children, parentName: parent.name })
        .from(children)
        .leftJoin(parent, eq(parent.id, children.parentId))
        .where(and(eq(children.id, request.params.id), childrenInScope(actor)));
      if (!row) throw notFound();
      const c = row.child;
      const [memberships, statuses] = await Promise.all([
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
          .where(and(eq(groupMembers.childId, c.id), c.parentId === actor.id ? undefined : groupsInScope(actor)))
          .orderBy(groups.name),
        db
          .select({ status: activities.status, badge: activities.badgeId, n: count() })
          .from(activities)
          .where(and(eq(activities.childId, c.id), activitiesInScope(actor)))
          .groupBy(activities.status, activities.badgeId),
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
        activities: {
          total: statuses.reduce((n, s) => n + s.n, 0),
          by_status: byStatus,
          badges: statuses.filter((s) => isBadgeShown(s.badge)).reduce((n, s) => n + s.n, 0),
        },
      };
    },
  );
};
