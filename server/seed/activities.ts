import { eq } from 'drizzle-orm';
import { ROLE } from '../../domain/permissions';
import type { Transaction } from '../db/client';
import { activities, courses } from '../db/schema';
import type { DemoContext } from './demo';

/**
 * Activities demo data (the activities area owns this file): the two
 * activities the teaching seeder used to insert, moved here unchanged.
 */
export async function seedActivitiesDemo(tx: Transaction, demo: DemoContext): Promise<void> {
  const teacherId = demo.accounts.get(ROLE.teacher)!;
  const [yousef, laila] = demo.childIds;
  const [course] = await tx.select({ id: courses.id }).from(courses).where(eq(courses.name, 'Creative Drawing'));
  await tx.insert(activities).values([
    { childId: yousef, courseId: course.id, title: 'My dream house', message: 'He drew it alone', status: 1, badgeId: 3, originality: 4, fluency: 3, flexibility: 3, teacherId },
    { childId: laila, courseId: course.id, title: 'A new animal', status: 0, badgeId: 0 },
  ]);
}
