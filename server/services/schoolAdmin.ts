import { ROLE } from '../../domain/permissions';
import type { RegionAdminRegistration, SchoolAdminRegistration } from '../../domain/schemas/schools';
import type { Actor } from '../auth/actor';
import { ownRegionId } from '../auth/scope';
import { revokeAllTokens } from '../auth/tokens';
import type { Database, Executor } from '../db/client';
import { conflict, fieldError } from '../errors';
import { insertRegion, regionInScope, type RegionRef } from '../repositories/regions';
import {
  deleteSchool,
  detachSchoolAccounts,
  insertSchool,
  schoolHasPeopleOrGroups,
  schoolInScope,
  updateSchool,
  type SchoolRow,
} from '../repositories/schools';
import { writeLog } from './audit';
import { createStaffAccount, presentAccount } from './staffAccounts';

/**
 * Regions and schools made and kept by the platform and region admins
 * (docs/api/schools.md): an admin's registration with a new place or an
 * existing one, a school's edit and its delete. One transaction each, with
 * its audit lines.
 */

const schoolLogValue = (s: SchoolRow) => ({
  id: s.id,
  name: s.name,
  region_id: s.regionId,
  city: s.city,
  address: s.address,
});

/**
 * A region admin's account, in an existing region (404 outside the scope) or a new one. The caller has
 * checked that the actor is at the platform level.
 */
export const registerRegionAdmin = (
  db: Database,
  actor: Actor,
  input: RegionAdminRegistration,
  passwordHash: string,
): Promise<{ user: ReturnType<typeof presentAccount>; region: RegionRef }> =>
  db.transaction(async (tx) => {
    let region: RegionRef;
    if (input.region_id !== undefined) {
      region = await regionInScope(tx, actor, input.region_id);
    } else {
      region = await insertRegion(tx, input.region_name!);
      await writeLog(tx, {
        actorId: actor.id,
        action: 'create',
        entity: 'region',
        entityId: region.id,
        newValue: region,
      });
    }
    const user = await createStaffAccount(tx, actor, {
      name: input.name,
      email: input.email,
      passwordHash,
      role: ROLE.regionAdmin,
      regionId: region.id,
    });
    return { user: presentAccount(user), region };
  });

/** The region of a new school: a region admin's own; a platform admin names one (400 without, 404 outside). */
async function regionForNewSchool(db: Executor, actor: Actor, regionId: number | undefined): Promise<number> {
  const id = regionId ?? ownRegionId(actor);
  if (id === undefined) throw fieldError('region_id', 'app.schools.errors.regionRequired');
  return (await regionInScope(db, actor, id)).id;
}

/** A school admin's account, for an existing school in scope or a new one (with its empty quota). */
export const registerSchoolAdmin = (db: Database, actor: Actor, input: SchoolAdminRegistration, passwordHash: string) =>
  db.transaction(async (tx) => {
    let schoolId: number;
    if (input.school_id !== undefined) {
      schoolId = (await schoolInScope(tx, actor, input.school_id)).id;
    } else {
      const regionId = await regionForNewSchool(tx, actor, input.region_id);
      const school = await insertSchool(tx, {
        name: input.school_name!,
        regionId,
        city: input.city ?? null,
        address: input.address ?? null,
      });
      await writeLog(tx, {
        actorId: actor.id,
        action: 'create',
        entity: 'school',
        entityId: school.id,
        newValue: schoolLogValue(school),
      });
      schoolId = school.id;
    }
    const user = await createStaffAccount(tx, actor, {
      name: input.name,
      email: input.email,
      passwordHash,
      role: ROLE.schoolAdmin,
      schoolId,
    });
    return { user: presentAccount(user), schoolId };
  });

export const changeSchool = (
  db: Database,
  actor: Actor,
  before: SchoolRow,
  input: { name: string; city?: string | null; address?: string | null },
) =>
  db.transaction(async (tx) => {
    const after = await updateSchool(tx, before.id, input);
    await writeLog(tx, {
      actorId: actor.id,
      action: 'update',
      entity: 'school',
      entityId: before.id,
      oldValue: schoolLogValue(before),
      newValue: schoolLogValue(after),
    });
  });

/**
 * Deletes an empty school (409 schoolNotEmpty while it has students, teachers or groups: people with a
 * history are moved or removed first); its admins lose the school, are deactivated and signed out.
 */
export const removeSchool = (db: Database, actor: Actor, before: SchoolRow) =>
  db.transaction(async (tx) => {
    if (await schoolHasPeopleOrGroups(tx, before.id)) throw conflict('app.schools.errors.schoolNotEmpty');
    const admins = await detachSchoolAccounts(tx, before.id);
    for (const id of admins) await revokeAllTokens(tx, id);
    await deleteSchool(tx, before.id);
    await writeLog(tx, {
      actorId: actor.id,
      action: 'delete',
      entity: 'school',
      entityId: before.id,
      oldValue: { ...schoolLogValue(before), admins },
    });
  });
