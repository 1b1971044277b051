import { USER_TYPE } from '../../domain/codes';
import type { Database } from '../db/client';
import { expiredGuestIds } from '../repositories/examGuests';
import { getSetting } from '../repositories/settings';
import { deleteUserRow } from '../repositories/users';
import { writeLog } from './audit';
import { accountFileKeys, eraseAfterCommit, type EraseDeps } from './erasure';

/** Guests removed per transaction. */
export const RETENTION_BATCH = 100;

/**
 * Guest retention (docs/DEPLOY.md "Erasure"): every guest whose last activity is older than the platform's
 * `guest_retention_days` is deleted with their learner, tests and answers (the rows cascade), a log row each that
 * keeps what was removed, not who; their drawings, photos and models then leave storage through an `erase-files`
 * job, as when a family deletes a learner. Runs as the nightly `guest-retention` job (server/services/jobs.ts), in
 * batches, each its own transaction; guests another process is removing meanwhile are skipped. Answers how many
 * guests were removed.
 */
export async function removeExpiredGuests(db: Database, files: EraseDeps): Promise<number> {
  const days = await getSetting(db, 'guest_retention_days');
  let removed = 0;
  for (;;) {
    const { count, keys } = await db.transaction(async (tx) => {
      const ids = await expiredGuestIds(tx, days, RETENTION_BATCH);
      const batchKeys: string[] = [];
      for (const id of ids) {
        batchKeys.push(...(await accountFileKeys(tx, id)));
        await deleteUserRow(tx, id);
        await writeLog(tx, {
          actorId: null,
          action: 'delete',
          entity: 'user',
          entityId: id,
          oldValue: { id, type: USER_TYPE.guest },
          newValue: { reason: 'guest_retention', days },
        });
      }
      return { count: ids.length, keys: batchKeys };
    });
    await eraseAfterCommit(files, keys);
    removed += count;
    if (count < RETENTION_BATCH) return removed;
  }
}
