import type { TextLocale } from '../../domain/texts';
import { ROLE } from '../../domain/permissions';
import { assertNotLastAdmin } from '../auth/grants';
import { revokeAllTokens, revokeOtherTokens } from '../auth/tokens';
import type { Database, Executor } from '../db/client';
import type { users } from '../db/schema';
import { AppError, conflict } from '../errors';
import {
  assignBuiltInRole,
  deleteUserRow,
  findUserByEmail,
  removeBuiltInRole,
  updateUser,
  userLogValue,
  type UserRow,
} from '../repositories/users';
import { checkCurrentPassword, mailEmailChanged, type AccountMail, type PasswordAttempt } from './accountSecurity';
import { changedFields, writeLog } from './audit';
import { accountFileKeys, eraseAfterCommit, type EraseDeps } from './erasure';

type UserChanges = Partial<typeof users.$inferInsert>;

/** The new email when a change gives the account another one. */
const emailChangeOf = (before: UserRow, changes: UserChanges) =>
  changes.email && changes.email.toLowerCase() !== before.email.toLowerCase() ? changes.email : undefined;

/**
 * Before an email change: the owner confirms it with the current password (rate-limited like logins);
 * someone else who may edit the account does not know it and is not asked.
 */
export async function confirmEmailChange(
  db: Executor,
  attempt: PasswordAttempt,
  actorId: number,
  before: UserRow,
  changes: UserChanges,
  currentPassword: string | undefined,
) {
  if (emailChangeOf(before, changes) && before.id === actorId)
    await checkCurrentPassword(db, attempt, before, currentPassword);
}

/** After an email change, the old address is told, in the language of the change. */
export async function tellOldAddress(
  mail: AccountMail,
  locale: TextLocale,
  actorId: number,
  before: UserRow,
  after: UserRow,
) {
  if (after.email !== before.email)
    await mailEmailChanged(
      mail,
      { name: after.name, oldEmail: before.email, newEmail: after.email },
      { locale, known: before.id === actorId },
    );
  return after;
}

/**
 * Saves changes to an account in one transaction with its log row (the fields that changed): 409 when a
 * new email is another account's; a new email ends the account's other sessions (all of them when
 * someone else changed it).
 */
export async function saveUser(
  db: Database,
  actor: { id: number; tokenId: number },
  before: UserRow,
  changes: UserChanges,
): Promise<UserRow> {
  const emailChanged = emailChangeOf(before, changes) !== undefined;
  return db.transaction(async (tx) => {
    if (emailChanged) {
      const other = await findUserByEmail(tx, changes.email!);
      if (other && other.id !== before.id) throw conflict('app.errors.emailTaken', { email: 'app.errors.emailTaken' });
    }
    const after = await updateUser(tx, before.id, changes);
    if (emailChanged)
      await (before.id === actor.id ? revokeOtherTokens(tx, before.id, actor.tokenId) : revokeAllTokens(tx, before.id));
    const diff = changedFields(userLogValue(before), userLogValue(after));
    if (Object.keys(diff.new).length) {
      await writeLog(tx, {
        actorId: actor.id,
        action: 'update',
        entity: 'user',
        entityId: before.id,
        oldValue: diff.old,
        newValue: diff.new,
      });
    }
    return after;
  });
}

/**
 * Deletes the account with its log row, which keeps what the account was, not who (no name, email or contact);
 * answers the storage keys of its files and its family's learners' files, for eraseAfterCommit.
 */
async function removeAccount(tx: Executor, actorId: number, before: UserRow): Promise<string[]> {
  const keys = await accountFileKeys(tx, before.id);
  await deleteUserRow(tx, before.id);
  await writeLog(tx, {
    actorId,
    action: 'delete',
    entity: 'user',
    entityId: before.id,
    oldValue: { id: before.id, type: before.type },
  });
  return keys;
}

/**
 * Deletes an account, never the last active admin (409); then its stored files and those of its family's
 * learners, deleted with it (server/services/erasure.ts).
 */
export async function deleteUser(db: Database, files: EraseDeps, actorId: number, before: UserRow) {
  const keys = await db.transaction(async (tx) => {
    await assertNotLastAdmin(tx, before.id);
    return removeAccount(tx, actorId, before);
  });
  await eraseAfterCommit(files, keys);
}

/** Deletes a teacher's sign-up that was never approved (400 for an approved teacher), then its photo. */
export async function deletePendingTeacher(db: Database, files: EraseDeps, actorId: number, before: UserRow) {
  if (before.approved) throw new AppError(400, 'app.errors.notPendingTeacher');
  const keys = await db.transaction((tx) => removeAccount(tx, actorId, before));
  await eraseAfterCommit(files, keys);
}

/**
 * Approves a teacher's sign-up (the teacher role) or refuses it (no teacher role, and any session they
 * hold ends now), in one transaction with its log row.
 */
export async function setTeacherApproval(db: Database, actorId: number, before: UserRow, approved: boolean) {
  await db.transaction(async (tx) => {
    await updateUser(tx, before.id, { approved });
    if (approved) await assignBuiltInRole(tx, before.id, ROLE.teacher);
    else {
      await removeBuiltInRole(tx, before.id, ROLE.teacher);
      await revokeAllTokens(tx, before.id);
    }
    await writeLog(tx, {
      actorId,
      action: approved ? 'approve' : 'unapprove',
      entity: 'user',
      entityId: before.id,
      oldValue: { approved: before.approved },
      newValue: { approved },
    });
  });
}
