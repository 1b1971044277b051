import { USER_TYPE } from '../../domain/codes';
import type { TempRegisterInput } from '../../domain/schemas/exams';
import { actorForToken } from '../auth/actor';
import { mayEnrolInGroup } from '../auth/scope';
import { issueToken, type TokenPolicy } from '../auth/tokens';
import type { Database } from '../db/client';
import { notFound } from '../errors';
import {
  addToGroup,
  groupById,
  insertGuestUser,
  insertReportLink,
  renameUser,
  type GroupRow,
} from '../repositories/examGuests';
import { writeLog } from './audit';
import { insertLearners } from './seats';
import { randomToken, sha256 } from './secrets';

export interface TestTakerDeps {
  db: Database;
  tokenPolicy: TokenPolicy;
  /** the address the report link starts with */
  publicUrl: string;
  log: { info(obj: object, msg: string): void };
}

/**
 * Registers a test-taker on the spot (docs/api/exams.md "Guests and on-the-spot registration"): a guest user with one
 * learner record, signed in at once, and an unguessable link to their report. A teacher signed in (their bearer
 * token) may put the pupil in one of their groups (404 for a group outside their scope); into a school's group the
 * learner takes one of its seats (409 noFreeSeats when full).
 */
export async function registerTestTaker(deps: TestTakerDeps, input: TempRegisterInput, bearer: string | null) {
  const { db } = deps;
  const teacher = bearer ? await actorForToken(db, bearer, deps.tokenPolicy) : null;
  let group: GroupRow | undefined;
  if (input.group_id) {
    group = await groupById(db, input.group_id);
    if (!teacher || !group || !mayEnrolInGroup(teacher, group)) throw notFound();
  }
  const reportToken = randomToken(24);
  const { user, child } = await db.transaction(async (tx) => {
    const user = await insertGuestUser(tx, input, group?.schoolId ?? null);
    // into a school's group: a learner of that school, within its seats (409 noFreeSeats when full);
    // without a school group: outside any quota
    const [child] = await insertLearners(tx, group?.schoolId ?? null, [
      {
        parentId: user.id,
        name: input.name ?? `Guest ${user.id}`,
        gender: input.gender ?? null,
        birthdate: input.birthdate ?? null,
        mobileNo: input.mobile_no ?? null,
        language: input.language ?? 'ar',
      },
    ]);
    if (!input.name) await renameUser(tx, user.id, `Guest ${user.id}`);
    if (group) await addToGroup(tx, group.id, child.id);
    await insertReportLink(tx, child.id, sha256(reportToken));
    await writeLog(tx, {
      actorId: teacher?.id ?? user.id,
      action: 'temp_register',
      entity: 'user',
      entityId: user.id,
      newValue: { type: USER_TYPE.guest, student_id: child.id, group_id: group?.id ?? null },
    });
    return { user: { ...user, name: input.name ?? `Guest ${user.id}` }, child };
  });
  const accessToken = await issueToken(db, user.id, deps.tokenPolicy);
  deps.log.info(
    { event: 'exam.guest.register', userId: user.id, childId: child.id, byTeacher: !!teacher },
    'test-taker registered',
  );
  return { user, child, accessToken, reportLink: `${deps.publicUrl}/guest-report/${reportToken}` };
}
