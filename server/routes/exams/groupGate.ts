import type { Executor } from '../../db/client';
import { AppError } from '../../errors';

/**
 * Whether a learner's group has its exams switched off (groups.disabled,
 * POST /groups/{id}/toggle): such a learner cannot start or send a test.
 * PENDING: groups.disabled lands with the teaching branch; until then there is no switch to read.
 */
export async function examsDisabledFor(_db: Executor, _childId: number): Promise<boolean> {
  return false;
}

/** 403 with a clear message when the learner's group has its exams switched off. */
export async function assertExamsEnabled(db: Executor, childId: number): Promise<void> {
  if (await examsDisabledFor(db, childId)) throw new AppError(403, 'app.exams.groupDisabled');
}
