import { and, eq } from 'drizzle-orm';
import { MEMBER_STATUS } from '../../domain/codes';
import type { Executor } from '../db/client';
import { groupMembers, groups } from '../db/schema';
import { AppError } from '../errors';

/**
 * Whether a learner's group has its exams switched off (groups.disabled,
 * POST /groups/{id}/toggle): a learner active in any such group cannot
 * start or send a test.
 */
export async function examsDisabledFor(db: Executor, childId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: groups.id })
    .from(groupMembers)
    .innerJoin(groups, eq(groups.id, groupMembers.groupId))
    .where(
      and(eq(groupMembers.childId, childId), eq(groupMembers.status, MEMBER_STATUS.active), eq(groups.disabled, true)),
    )
    .limit(1);
  return !!row;
}

/** 403 with a clear message when the learner's group has its exams switched off. */
export async function assertExamsEnabled(db: Executor, childId: number): Promise<void> {
  if (await examsDisabledFor(db, childId)) throw new AppError(403, 'app.exams.groupDisabled');
}
