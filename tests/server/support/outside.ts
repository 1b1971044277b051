import { randomBytes } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { USER_TYPE } from '../../../domain/codes';
import { PERMISSION_NAMES, ROLE } from '../../../domain/permissions';
import type { Database } from '../../../server/db/client';
import {
  activities,
  categorySets,
  certificates,
  children,
  courseRequests,
  courses,
  examAnswers,
  examQuestions,
  examSubmissions,
  exams,
  feedback,
  groupMembers,
  groups,
  logs,
  messages,
  notifications,
  regions,
  roles,
  schoolClasses,
  schoolQuotas,
  schools,
  seatRequests,
  userRoles,
  users,
  wordScores,
} from '../../../server/db/schema';
import type { TestApp } from './testApp';
import { call } from './testApp';

/**
 * Rows planted where a caller must not see them (the scope tests,
 * docs/SCOPE.md): every kind of tenant record — a parent, a teacher, a
 * learner, a group and its membership, an activity, feedback, a message, a
 * notification, a course request, a seat request, a class, an exam with a
 * word answer and its score, a certificate, and audit log rows about each —
 * in one place (a school, or no school at all). Every text a caller could
 * be shown carries the place's marker (e.g. ZQALEX1), so an answer that
 * holds the marker shows a row from that place. A teacher's name carries
 * none: teachers' cards (name, photo) are shown to every signed-in user
 * (docs/SCOPE.md); the rest of the teacher (email, about) does.
 */
export interface Planted {
  marker: string;
  schoolId: number | null;
  regionId: number | null;
  ids: {
    parent: number;
    teacher: number;
    child: number;
    group: number;
    activity: number;
    feedback: number;
    message: number;
    notification: number;
    courseRequest: number;
    seatRequest: number | null;
    klass: number | null;
    exam: number;
    answer: number;
    certificate: number;
    logs: number[];
  };
}

const rand = () => randomBytes(4).toString('hex');

async function roleIdOf(db: Database, key: string) {
  const [row] = await db.select({ id: roles.id }).from(roles).where(eq(roles.key, key));
  return row.id;
}

/** A new region with one school (an outside place nobody administers but the platform). */
export async function newRegionWithSchool(db: Database, marker: string) {
  const [region] = await db
    .insert(regions)
    .values({ name: `${marker} region` })
    .returning();
  const [school] = await db
    .insert(schools)
    .values({ name: `${marker} school`, regionId: region.id, city: marker })
    .returning();
  await db.insert(schoolQuotas).values({ schoolId: school.id, approvedSeats: 40 });
  return { regionId: region.id, schoolId: school.id };
}

/** Plants one of everything in a school (or, with null, outside every school) under a marker. */
export async function plant(db: Database, marker: string, schoolId: number | null): Promise<Planted> {
  const m = marker.toLowerCase();
  const [place] = schoolId
    ? await db.select({ regionId: schools.regionId }).from(schools).where(eq(schools.id, schoolId))
    : [{ regionId: null }];
  const [parent] = await db
    .insert(users)
    .values({
      name: `${marker} parent`,
      email: `${m}.parent.${rand()}@outside.test`,
      passwordHash: 'x',
      type: USER_TYPE.family,
      gender: 2,
      country: 'EG',
      city: marker,
      aboutMe: marker,
      schoolId,
    })
    .returning();
  await db.insert(userRoles).values({ userId: parent.id, roleId: await roleIdOf(db, ROLE.student) });
  const [teacher] = await db
    .insert(users)
    .values({
      name: `Outside teacher ${rand()}`,
      email: `${m}.teacher.${rand()}@outside.test`,
      passwordHash: 'x',
      type: USER_TYPE.teacher,
      gender: 1,
      country: 'EG',
      city: marker,
      aboutMe: marker,
      jobTitle: marker,
      approved: true,
      schoolId,
    })
    .returning();
  await db.insert(userRoles).values({ userId: teacher.id, roleId: await roleIdOf(db, ROLE.teacher) });
  const [klass] = schoolId
    ? await db
        .insert(schoolClasses)
        .values({ schoolId, name: `${marker} class`, number: 2 })
        .returning()
    : [null];
  const [child] = await db
    .insert(children)
    .values({
      name: `${marker} child`,
      parentId: parent.id,
      schoolId,
      classId: klass?.id ?? null,
      gender: 1,
      birthdate: '2016-03-03',
      country: 'EG',
      city: marker,
      aboutMe: marker,
      language: 'ar',
    })
    .returning();
  const [course] = await db.select({ id: courses.id }).from(courses).orderBy(courses.id).limit(1);
  const [group] = await db
    .insert(groups)
    .values({
      name: `${marker} group`,
      courseId: course.id,
      teacherId: teacher.id,
      schoolId,
      school: marker,
      city: marker,
      promoCode: `${marker}${rand()}`.slice(0, 40),
      searchText: m,
    })
    .returning();
  await db.insert(groupMembers).values({ groupId: group.id, childId: child.id, status: 1 });
  const [activity] = await db
    .insert(activities)
    .values({
      childId: child.id,
      groupId: group.id,
      courseId: course.id,
      title: `${marker} activity`,
      name: marker,
      message: marker,
      feedback: marker,
      searchText: sql`to_tsvector('simple', ${m})`,
    })
    .returning();
  const [parentFeedback] = await db
    .insert(feedback)
    .values({ userId: parent.id, message: `${marker} feedback`, rating: 3 })
    .returning();
  await db.insert(feedback).values({ userId: teacher.id, message: `${marker} teacher feedback`, rating: 4 });
  const [message] = await db
    .insert(messages)
    .values({ senderId: parent.id, recipientId: teacher.id, subject: `${marker} subject`, content: marker })
    .returning();
  const [notification] = await db
    .insert(notifications)
    .values({
      userId: parent.id,
      type: 'message',
      params: { name: marker },
      studentId: child.id,
      actorId: teacher.id,
    })
    .returning();
  const [courseRequest] = await db
    .insert(courseRequests)
    .values({ courseId: course.id, childId: child.id })
    .returning();
  const [seatRequest] = schoolId
    ? await db.insert(seatRequests).values({ schoolId, seats: 3, note: marker, requestedBy: parent.id }).returning()
    : [null];
  // a pre-test with one word answer and its score
  const [question] = await db
    .select({ id: examQuestions.id, stage: examQuestions.stage })
    .from(examQuestions)
    .where(and(eq(examQuestions.examType, 1), eq(examQuestions.challenge, 1), eq(examQuestions.kind, 'free_text')))
    .limit(1);
  const [exam] = await db
    .insert(exams)
    .values({
      childId: child.id,
      examType: 1,
      challenge: 1,
      startedAt: new Date(Date.now() - 3_600_000),
      durationSeconds: 1800,
      finishedAt: new Date(Date.now() - 3_000_000),
    })
    .returning();
  const [submission] = await db
    .insert(examSubmissions)
    .values({ examId: exam.id, stage: question.stage, submissionKey: `outside-${m}-${rand()}` })
    .returning();
  const [answer] = await db
    .insert(examAnswers)
    .values({
      examId: exam.id,
      submissionId: submission.id,
      childId: child.id,
      examType: 1,
      challenge: 1,
      stage: question.stage,
      questionId: question.id,
      position: 1,
      source: 'text',
      answer: `${marker} word`,
      language: 'ar',
    })
    .returning();
  const [set] = await db.select({ id: categorySets.id }).from(categorySets).limit(1);
  await db.insert(wordScores).values({
    examId: exam.id,
    childId: child.id,
    examType: 1,
    challenge: 1,
    questionId: question.id,
    setId: set.id,
    fluency: 91,
    flexibility: 47,
    originality: 83,
    originalityPerAnswer: 0.91,
    answers: 91,
    unmatched: 0,
    takers: 5,
    rarePercent: 1,
    uncommonPercent: 5,
  });
  const [certificate] = await db
    .insert(certificates)
    .values({ code: `${marker}${rand()}`.slice(0, 32), childId: child.id, groupId: group.id })
    .returning();
  const about: [string, number | null][] = [
    ['user', parent.id],
    ['user', teacher.id],
    ['permission', teacher.id],
    ['child', child.id],
    ['group', group.id],
    ['activity', activity.id],
    ['evaluation', activity.id],
    ['feedback', parentFeedback.id],
    ['course_request', courseRequest.id],
    ['certificate', certificate.id],
    ['exam', exam.id],
    ['exam_answer', answer.id],
    ...(schoolId
      ? ([
          ['school', schoolId],
          ['seat_request', seatRequest!.id],
          ['school_class', klass!.id],
        ] as [string, number][])
      : []),
  ];
  const logRows = await db
    .insert(logs)
    .values(
      about.map(([entity, entityId]) => ({
        actorId: teacher.id,
        actorName: `${marker} log actor`,
        action: 'update',
        entity,
        entityId,
        newValue: { note: `${marker} ${entity}` },
      })),
    )
    .returning({ id: logs.id });
  return {
    marker,
    schoolId,
    regionId: place.regionId,
    ids: {
      parent: parent.id,
      teacher: teacher.id,
      child: child.id,
      group: group.id,
      activity: activity.id,
      feedback: parentFeedback.id,
      message: message.id,
      notification: notification.id,
      courseRequest: courseRequest.id,
      seatRequest: seatRequest?.id ?? null,
      klass: klass?.id ?? null,
      exam: exam.id,
      answer: answer.id,
      certificate: certificate.id,
      logs: logRows.map((r) => r.id),
    },
  };
}

/**
 * Audit rows no place can be given (docs/SCOPE.md): about the platform's own
 * records (roles, settings, courses, the public inbox, the question bank, the
 * dictionary) and about a record that no longer exists. Only the platform sees them.
 */
export async function plantPlatformLogs(db: Database, marker: string) {
  const entities = ['role', 'setting', 'course', 'lesson', 'kit_order', 'form', 'exam_question', 'category', 'marking'];
  const rows = await db
    .insert(logs)
    .values([
      ...entities.map((entity) => ({
        actorId: null,
        actorName: `${marker} log actor`,
        action: 'update',
        entity,
        entityId: 1,
        newValue: { note: `${marker} ${entity}` },
      })),
      // a learner deleted since: the row cannot be placed
      {
        actorId: null,
        action: 'delete',
        entity: 'child',
        entityId: 2_000_000_000,
        oldValue: { note: `${marker} gone` },
      },
    ])
    .returning({ id: logs.id });
  return rows.map((r) => r.id);
}

/** The demo's places, by name (server/seed/demo.ts, server/seed/schools.ts). */
export async function demoPlaces(db: Database) {
  const rows = await db.select({ id: schools.id, name: schools.name, regionId: schools.regionId }).from(schools);
  const byName = (name: string) => rows.find((r) => r.name === name)!;
  const nile = byName('Nile Creative School');
  const delta = byName('Delta Future School');
  const sea = byName('مدرسة نسيم البحر');
  return { nile: nile.id, delta: delta.id, cairo: nile.regionId, sea: sea.id, alex: sea.regionId };
}

/** Gives a user every permission through the grants call (PUT /user/roles/{id}) as the platform admin. */
export async function grantEverything(t: TestApp, adminToken: string, userId: number) {
  const current = await call(t.app, { url: `/api/user/roles/${userId}`, token: adminToken });
  const res = await call(t.app, {
    method: 'PUT',
    url: `/api/user/roles/${userId}`,
    token: adminToken,
    payload: { roles: current.json().roles, permissions: [...PERMISSION_NAMES] },
  });
  if (res.statusCode !== 200) throw new Error(`grant: ${res.statusCode} ${res.body}`);
  const effective: string[] = res.json().effective;
  if (PERMISSION_NAMES.some((p) => !effective.includes(p))) throw new Error('grant: not every permission');
}

/** Ids of users by email (lower case). */
export async function usersByEmail(db: Database, emails: string[]) {
  const rows = await db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(inArray(sql`lower(${users.email})`, emails));
  return Object.fromEntries(rows.map((r) => [r.email.toLowerCase(), r.id]));
}
