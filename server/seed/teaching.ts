import { ROLE } from '../../domain/permissions';
import type { Transaction } from '../db/client';
import { activities, courses, groupMembers, groups } from '../db/schema';
import type { DemoContext } from './demo';

/** Teaching demo data: a course, a group with a student, two activities. */
export async function seedTeachingDemo(tx: Transaction, demo: DemoContext): Promise<void> {
  const teacherId = demo.accounts.get(ROLE.teacher)!;
  const [yousef, laila] = demo.childIds;
  const [course] = await tx.insert(courses).values({ name: 'Creative Drawing', description: 'Drawing and imagination for ages 6-12' }).returning();
  const [group] = await tx.insert(groups).values({ name: 'Drawing A', courseId: course.id, teacherId, schoolId: demo.schoolIds[0] }).returning();
  await tx.insert(groupMembers).values({ groupId: group.id, childId: yousef });
  await tx.insert(activities).values([
    { childId: yousef, courseId: course.id, title: 'My dream house', message: 'He drew it alone', status: 1, badgeId: 3, originality: 4, fluency: 3, flexibility: 3, teacherId },
    { childId: laila, courseId: course.id, title: 'A new animal', status: 0, badgeId: 0 },
  ]);
}
