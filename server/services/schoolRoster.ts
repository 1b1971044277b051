import { ROLE } from '../../domain/permissions';
import type { ClassInput, StudentInput } from '../../domain/schemas/schools';

import type { Actor } from '../auth/actor';
import type { Database } from '../db/client';
import { deleteClass, insertClass, uniqueClassName, updateClass, type ClassRow } from '../repositories/schoolClasses';
import {
  addGroupMembers,
  removeGroupMembers,
  setGroupTeacher,
  studentsOfSchool,
  teacherOfSchool,
  type GroupRow,
} from '../repositories/schoolGroups';
import {
  classOfSchool,
  detachStudent,
  deleteStudent,
  studentValues,
  uniqueNationalId,
  updateStudent,
  type StudentRow,
} from '../repositories/schoolStudents';
import { detachTeacher, type TeacherRow } from '../repositories/schoolTeachers';
import type { SchoolRow } from '../repositories/schools';
import { writeLog } from './audit';
import { eraseAfterCommit, learnerFileKeys, type EraseDeps } from './erasure';
import { insertLearners } from './seats';
import { createStaffAccount } from './staffAccounts';

/**
 * A school's roster kept by its admin (docs/api/schools.md): classes, students
 * (within the seats), teachers and who is in which group. Each write runs in
 * one transaction with its audit line.
 */

export const addClass = (db: Database, actor: Actor, school: SchoolRow, input: Omit<ClassInput, 'school_id'>) =>
  uniqueClassName(() =>
    db.transaction(async (tx) => {
      const created = await insertClass(tx, { schoolId: school.id, name: input.name, number: input.number });
      await writeLog(tx, {
        actorId: actor.id,
        action: 'create',
        entity: 'school_class',
        entityId: created.id,
        newValue: { school_id: school.id, name: created.name, number: created.number },
      });
      return created;
    }),
  );

export const changeClass = (db: Database, actor: Actor, before: ClassRow, input: Omit<ClassInput, 'school_id'>) =>
  uniqueClassName(() =>
    db.transaction(async (tx) => {
      await updateClass(tx, before.id, { name: input.name, number: input.number });
      await writeLog(tx, {
        actorId: actor.id,
        action: 'update',
        entity: 'school_class',
        entityId: before.id,
        oldValue: { name: before.name, number: before.number },
        newValue: input,
      });
    }),
  );

export const removeClass = (db: Database, actor: Actor, before: ClassRow) =>
  db.transaction(async (tx) => {
    // its students stay in the school, without a class
    await deleteClass(tx, before.id);
    await writeLog(tx, {
      actorId: actor.id,
      action: 'delete',
      entity: 'school_class',
      entityId: before.id,
      oldValue: { school_id: before.schoolId, name: before.name, number: before.number },
    });
  });

/** Enrols one student of the school: the seat check and the insert under one lock of the quota row (409 when full). */
export async function enrolStudent(db: Database, actor: Actor, school: SchoolRow, input: StudentInput) {
  const classId = await classOfSchool(db, school.id, input.class_id);
  return uniqueNationalId(() =>
    db.transaction(async (tx) => {
      const [row] = await insertLearners(tx, school.id, [studentValues(input, classId)]);
      await writeLog(tx, {
        actorId: actor.id,
        action: 'enrol',
        entity: 'child',
        entityId: row.id,
        newValue: { id: row.id, school_id: school.id, class_id: classId },
      });
      return row.id;
    }),
  );
}

export async function changeStudent(
  db: Database,
  actor: Actor,
  before: StudentRow,
  input: Omit<StudentInput, 'school_id'>,
) {
  const classId = await classOfSchool(db, before.schoolId!, input.class_id);
  await uniqueNationalId(() =>
    db.transaction(async (tx) => {
      await updateStudent(tx, before.id, studentValues(input, classId));
      await writeLog(tx, {
        actorId: actor.id,
        action: 'update',
        entity: 'child',
        entityId: before.id,
        newValue: { fields: Object.keys(input) },
      });
    }),
  );
}

/**
 * A learner of the school only is removed with its activities, tests and every stored file of theirs
 * (server/services/erasure.ts); a family's child stays the family's: it leaves the school and the school's groups.
 */
export async function removeStudent(db: Database, files: EraseDeps, actor: Actor, before: StudentRow) {
  const keys = await db.transaction(async (tx) => {
    let keys: string[] = [];
    if (before.parentId === null) {
      keys = await learnerFileKeys(tx, [before.id]);
      await deleteStudent(tx, before.id);
    } else await detachStudent(tx, before.id, before.schoolId!);
    await writeLog(tx, {
      actorId: actor.id,
      action: before.parentId === null ? 'delete' : 'leave_school',
      entity: 'child',
      entityId: before.id,
      oldValue: { id: before.id, school_id: before.schoolId, class_id: before.classId },
    });
    return keys;
  });
  await eraseAfterCommit(files, keys);
}

export interface NewSchoolTeacher {
  name: string;
  email: string;
  passwordHash: string;
  gender: number;
  mobileNo: string | null;
}

export const addSchoolTeacher = (db: Database, actor: Actor, school: SchoolRow, teacher: NewSchoolTeacher) =>
  db.transaction((tx) => createStaffAccount(tx, actor, { ...teacher, role: ROLE.teacher, schoolId: school.id }));

/** The account keeps its history (evaluations); it leaves the school and the school's groups. */
export const removeSchoolTeacher = (db: Database, actor: Actor, before: TeacherRow) =>
  db.transaction(async (tx) => {
    await detachTeacher(tx, before.id, before.schoolId!);
    await writeLog(tx, {
      actorId: actor.id,
      action: 'leave_school',
      entity: 'user',
      entityId: before.id,
      oldValue: { school_id: before.schoolId },
      newValue: { school_id: null },
    });
  });

/** Adds students of the group's school (404 unless every one is); answers how many were not members yet. */
export const addStudentsToGroup = (db: Database, actor: Actor, group: GroupRow, studentIds: number[]) =>
  db.transaction(async (tx) => {
    const ids = await studentsOfSchool(tx, group.schoolId!, studentIds);
    const added = await addGroupMembers(tx, group.id, ids);
    await writeLog(tx, {
      actorId: actor.id,
      action: 'add_students',
      entity: 'group',
      entityId: group.id,
      newValue: { students: added },
    });
    return added.length;
  });

export const removeStudentsFromGroup = (db: Database, actor: Actor, group: GroupRow, studentIds: number[]) =>
  db.transaction(async (tx) => {
    const ids = await studentsOfSchool(tx, group.schoolId!, studentIds);
    const removed = await removeGroupMembers(tx, group.id, ids);
    await writeLog(tx, {
      actorId: actor.id,
      action: 'remove_students',
      entity: 'group',
      entityId: group.id,
      oldValue: { students: removed },
    });
    return removed.length;
  });

/** Gives the group a teacher of its own school (404 for anyone else). */
export async function assignGroupTeacher(db: Database, actor: Actor, group: GroupRow, teacherId: number) {
  const teacher = await teacherOfSchool(db, group.schoolId!, teacherId);
  await db.transaction(async (tx) => {
    await setGroupTeacher(tx, group.id, teacher.id);
    await writeLog(tx, {
      actorId: actor.id,
      action: 'assign_teacher',
      entity: 'group',
      entityId: group.id,
      oldValue: { teacher_id: group.teacherId },
      newValue: { teacher_id: teacher.id },
    });
  });
}
