import { fileKeys, type ObjectStorage } from '../adapters/storage';
import type { Jobs } from './jobs';
import type { Executor } from '../db/client';
import {
  learnerFileRefs,
  lockChildrenOf,
  lockedUserPhoto,
  lockLearners,
  type FileRef,
} from '../repositories/storedFiles';
import { IMAGE_FOLDER as ACTIVITY_FOLDER } from './activities';
import { MODEL_FOLDER, STAGE_IMAGE_FOLDER } from './examFiles';

/**
 * A person's files leave storage with their records (docs/DEPLOY.md "Files", "Erasure"): deleting a learner (by
 * their family, or a school's own learner by the school) or an account (with its family's learners) collects the
 * storage keys of every file those rows name in the transaction that deletes them (the rows locked first, so no
 * file is added meanwhile), and removes the files once it has committed (eraseAfterCommit). eraseFiles takes plain
 * keys and may run again: a file already gone is no error.
 */

const FOLDER_OF: Record<FileRef['of'], string> = {
  'child-photo': 'photos',
  'user-photo': 'photos',
  'activity-image': ACTIVITY_FOLDER,
  'stage-image': STAGE_IMAGE_FOLDER,
  'stage-model': MODEL_FOLDER,
};

const keysOf = (refs: FileRef[]) => [...new Set(refs.flatMap((ref) => fileKeys(FOLDER_OF[ref.of], ref.name)))];

/** Locks the learners and answers the keys of their files; in the transaction that deletes them, before it does. */
export async function learnerFileKeys(tx: Executor, childIds: number[]): Promise<string[]> {
  await lockLearners(tx, childIds);
  return keysOf(await learnerFileRefs(tx, childIds));
}

/**
 * Locks an account and its family's learners and answers the keys of their files (its profile photo, and each
 * learner's as learnerFileKeys); in the transaction that deletes the account, before it does.
 */
export async function accountFileKeys(tx: Executor, userId: number): Promise<string[]> {
  const photo = await lockedUserPhoto(tx, userId);
  const learners = await lockChildrenOf(tx, userId);
  const refs = await learnerFileRefs(tx, learners);
  return keysOf(photo ? [{ of: 'user-photo', name: photo }, ...refs] : refs);
}

/** Files removed at once. */
const CONCURRENCY = 8;

/** Some files could not be removed (the store failed); the others were. Running eraseFiles again finishes it. */
export class EraseFilesError extends Error {
  constructor(readonly keys: string[]) {
    super(`${keys.length} stored file(s) could not be removed`);
    this.name = 'EraseFilesError';
  }
}

/**
 * Removes stored files by their keys. Idempotent: a key with no file is no error, so it may run again (a retried
 * job). Tries every key; when any failed, throws EraseFilesError naming those (after the others are removed).
 */
export async function eraseFiles(objects: Pick<ObjectStorage, 'delete'>, keys: readonly string[]): Promise<void> {
  const failed: string[] = [];
  for (let i = 0; i < keys.length; i += CONCURRENCY) {
    const batch = keys.slice(i, i + CONCURRENCY);
    const results = await Promise.allSettled(batch.map((key) => objects.delete(key)));
    results.forEach((r, j) => r.status === 'rejected' && failed.push(batch[j]));
  }
  if (failed.length) throw new EraseFilesError(failed);
}

export interface EraseDeps {
  jobs: Pick<Jobs, 'send'>;
}

/**
 * After the commit of a deletion: its files are removed by an `erase-files` job (server/services/jobs.ts), which
 * any process runs, retries with backoff when the store fails, and which survives a restart. The records are gone
 * whatever happens to the files.
 */
export async function eraseAfterCommit(deps: EraseDeps, keys: readonly string[]): Promise<void> {
  if (keys.length) await deps.jobs.send('erase-files', { keys: [...keys] });
}
