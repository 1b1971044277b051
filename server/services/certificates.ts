import { MEMBER_STATUS } from '../../domain/codes';
import type { Actor } from '../auth/actor';
import type { Executor } from '../db/client';
import { isUniqueViolation } from '../db/errors';
import { certificates } from '../db/schema';
import { AppError } from '../errors';
import { certificateByCode, certificateOf, certificateSubject, managesGroup } from '../repositories/documents';
import { writeLog } from './audit';
import { certificatePdf, type DocumentLocale } from './certificate';
import { notify } from './notifications';
import { randomCode } from './teaching';

/** Certificates of a learner in a group (docs/api/teaching.md "Certificates and exports"), and their public check. */

const CODE_PATTERN = /^[A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4}$/;
const newCertificateCode = () => `${randomCode(4)}-${randomCode(4)}-${randomCode(4)}`;

/**
 * The certificate PDF of a learner for a group, both in the caller's scope (404 otherwise). One certificate per
 * learner and group: its code and date stay the same each time it is printed. The first print issues it, and only
 * someone who runs the group does that (its teacher, an admin above it), for an active member (409 otherwise); the
 * child's family is told in the top bar in the same transaction. A family prints only what was issued to its
 * child (404 `app.teaching.certificateNotIssued` before), in any group the child was in (docs/api/teaching.md
 * "Certificates and exports").
 */
export async function certificateDocument(
  db: Executor,
  actor: Actor,
  place: { childId: number; groupId: number },
  locale: DocumentLocale,
  publicUrl: string,
) {
  const row = await certificateSubject(db, actor, place.childId, place.groupId);
  let certificate = await certificateOf(db, row.childId, row.groupId);
  if (!certificate) {
    if (!(await managesGroup(db, actor, row.groupId))) throw new AppError(404, 'app.teaching.certificateNotIssued');
    if (row.status !== MEMBER_STATUS.active) throw new AppError(409, 'app.teaching.certificateNotMember');
    try {
      certificate = await db.transaction(async (tx) => {
        const [created] = await tx
          .insert(certificates)
          .values({ code: newCertificateCode(), childId: row.childId, groupId: row.groupId, issuedBy: actor.id })
          .returning();
        await writeLog(tx, {
          actorId: actor.id,
          action: 'create',
          entity: 'certificate',
          entityId: created.id,
          newValue: { child_id: row.childId, group_id: row.groupId },
        });
        if (row.parentId && row.parentId !== actor.id) {
          await notify(tx, {
            userId: row.parentId,
            type: 'certificate_issued',
            actorId: actor.id,
            studentId: row.childId,
            params: { child: row.childName, course: row.courseName ?? row.groupName, group: row.groupName },
            link: `/student-details/${row.childId}`,
          });
        }
        return created;
      });
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      certificate = (await certificateOf(db, row.childId, row.groupId))!;
    }
  }
  const pdf = await certificatePdf(
    {
      studentName: row.childName,
      gender: row.childGender,
      course: row.courseName ?? '',
      group: row.groupName,
      issuedAt: certificate.issuedAt,
      code: certificate.code,
      checkUrl: `${publicUrl.replace(/\/$/, '')}/certificate/${certificate.code}`,
    },
    locale,
  );
  return { pdf, filename: `${row.childName}-certificate.pdf` };
}

/** What proves a certificate, by its code: never the full name, the family or the group; else 404. */
export async function checkCertificate(db: Executor, rawCode: string) {
  const code = rawCode.toUpperCase();
  if (!CODE_PATTERN.test(code)) throw new AppError(404, 'app.teaching.certificateNotFound');
  const row = await certificateByCode(db, code);
  if (!row) throw new AppError(404, 'app.teaching.certificateNotFound');
  return {
    code: row.code,
    course: row.course,
    date: row.issuedAt.toISOString().slice(0, 10),
    first_name: row.name.trim().split(/\s+/)[0],
  };
}
