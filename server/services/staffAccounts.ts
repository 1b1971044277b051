import { USER_TYPE } from '../../domain/codes';
import type { RoleName } from '../../domain/permissions';
import type { Actor } from '../auth/actor';
import { assertMayAppoint } from '../auth/scope';
import type { Executor } from '../db/client';
import { isUniqueViolation } from '../db/errors';
import { users } from '../db/schema';
import { conflict } from '../errors';
import { assignRoleByName, findUserByEmail, userLogValue } from '../repositories/users';
import { writeLog } from './audit';

export interface StaffAccount {
  name: string;
  email: string;
  passwordHash: string;
  role: RoleName;
  regionId?: number | null;
  schoolId?: number | null;
  gender?: number | null;
  mobileNo?: string | null;
}

/**
 * An account made by an administrator (region admin, school admin, school
 * teacher), inside the caller's transaction: 409 when the email is taken.
 * Nobody makes an account above their own level, and only the platform makes
 * one placed in a region (assertMayAppoint, docs/SCOPE.md "Giving access"): 403.
 */
export async function createStaffAccount(tx: Executor, actor: Actor, account: StaffAccount) {
  assertMayAppoint(actor, account.role, { regionId: account.regionId });
  const actorId = actor.id;
  if (await findUserByEmail(tx, account.email))
    throw conflict('app.errors.emailTaken', { email: 'app.errors.emailTaken' });
  const isTeacher = account.role === 'teacher';
  let row;
  try {
    [row] = await tx
      .insert(users)
      .values({
        name: account.name,
        email: account.email,
        passwordHash: account.passwordHash,
        type: isTeacher ? USER_TYPE.teacher : USER_TYPE.family,
        approved: true,
        gender: account.gender ?? null,
        mobileNo: account.mobileNo ?? null,
        // the job title is the person's own words (the profile form); a role's code is no job title
        jobTitle: null,
        regionId: account.regionId ?? null,
        schoolId: account.schoolId ?? null,
      })
      .returning();
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict('app.errors.emailTaken', { email: 'app.errors.emailTaken' });
    throw error;
  }
  await assignRoleByName(tx, row.id, account.role);
  await writeLog(tx, {
    actorId,
    action: 'create',
    entity: 'user',
    entityId: row.id,
    newValue: { ...userLogValue(row), roles: [account.role] },
  });
  return row;
}

export const presentAccount = (row: typeof users.$inferSelect) => ({
  id: row.id,
  name: row.name,
  email: row.email,
  region_id: row.regionId,
  school_id: row.schoolId,
});
