import type { Actor } from '../auth/actor';
import type { Database } from '../db/client';
import { AppError, notFound } from '../errors';
import {
  RESCORING_SETTINGS,
  settingById,
  settingValueError,
  updateSettingValue,
  type SettingKey,
} from '../repositories/settings';
import { writeLog } from './audit';
import { enqueueScoring } from './scoringJobs';

/**
 * Changes a setting (404 for an unknown id, 400 for a value its rule
 * refuses), logged in the same transaction. New originality thresholds make
 * every word score stale: a changed one queues a rescore of them all (a
 * background job). `wakeScoring`: the setting is one of those, so the
 * scoring jobs should be queued on the job queue.
 */
export async function changeSetting(db: Database, actor: Actor, id: number, value: unknown) {
  const before = await settingById(db, id);
  if (!before) throw notFound();
  const problem = await settingValueError(db, before.key, value);
  if (problem) throw new AppError(400, problem, { value: problem });
  const rescoring = RESCORING_SETTINGS.includes(before.key as SettingKey);
  const after = await db.transaction(async (tx) => {
    const row = await updateSettingValue(tx, before.id, value);
    await writeLog(tx, {
      actorId: actor.id,
      action: 'update',
      entity: 'setting',
      entityId: before.id,
      oldValue: { [before.key]: before.value },
      newValue: { [before.key]: value },
    });
    if (rescoring && JSON.stringify(before.value) !== JSON.stringify(value)) {
      await enqueueScoring(tx, { scope: 'all', requestedBy: actor.id });
    }
    return row;
  });
  return { setting: { id: after.id, key: after.key, value: after.value }, wakeScoring: rescoring };
}
