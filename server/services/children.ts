import type { ChildInput } from '../../domain/schemas/users';
import type { Database } from '../db/client';
import { childColumnsFromInput, deleteChildRow, updateChild } from '../repositories/children';
import { presentChild, type ChildRow } from '../repositories/users';
import { changedFields, writeLog } from './audit';
import { eraseAfterCommit, learnerFileKeys, type EraseDeps } from './erasure';
import { insertLearners } from './seats';

/** Adds a family's child (of no school, outside any seat quota), with its log row. */
export async function addFamilyChild(
  db: Database,
  parentId: number,
  input: ChildInput,
  image: string | null,
): Promise<ChildRow> {
  return db.transaction(async (tx) => {
    const [row] = await insertLearners(tx, null, [{ ...childColumnsFromInput(input), image, parentId }]);
    await writeLog(tx, {
      actorId: parentId,
      action: 'create',
      entity: 'child',
      entityId: row.id,
      newValue: { id: row.id, parent_id: parentId },
    });
    return row;
  });
}

/** Changes a child's fields; the log keeps which fields changed, not the child's personal data. */
export async function editChild(db: Database, actorId: number, before: ChildRow, input: ChildInput) {
  return db.transaction(async (tx) => {
    const row = await updateChild(tx, before.id, input);
    const diff = changedFields(presentChild(before), presentChild(row));
    await writeLog(tx, {
      actorId,
      action: 'update',
      entity: 'child',
      entityId: before.id,
      newValue: { fields: Object.keys(diff.new) },
    });
    return row;
  });
}

/**
 * Deletes a child with its log row (which keeps who its family was), and then every stored file of the child
 * (server/services/erasure.ts).
 */
export async function deleteChild(db: Database, files: EraseDeps, actorId: number, before: ChildRow) {
  const keys = await db.transaction(async (tx) => {
    const keys = await learnerFileKeys(tx, [before.id]);
    await deleteChildRow(tx, before.id);
    await writeLog(tx, {
      actorId,
      action: 'delete',
      entity: 'child',
      entityId: before.id,
      oldValue: { id: before.id, parent_id: before.parentId },
    });
    return keys;
  });
  await eraseAfterCommit(files, keys);
}
