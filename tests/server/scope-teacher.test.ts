import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { MEMBER_STATUS } from '../../domain/codes';
import { courses, examFiles, examSubmissions, groupMembers, groups } from '../../server/db/schema';
import { pngImage } from './support/files';
import { plant } from './support/outside';
import { withApp } from './support/withApp';

/**
 * Teacher scope by membership status (docs/SCOPE.md "Teachers and
 * membership"): a teacher sees the children it teaches or has taught —
 * active members, and members who left, were hidden or were blocked after
 * having been active — and never a child whose request is only pending or
 * was refused (nor one refused and then blocked). Their answers, files and
 * reports answer 404 to the teacher. The teacher still sees the pending
 * request itself, to answer it.
 */
const t = withApp();
let groupId: number;
const kids: Record<string, { child: number; file: number }> = {};

const STORIES = ['active', 'pending', 'refused', 'left', 'hidden', 'blockedAfterActive', 'blockedRequest'] as const;

beforeAll(async () => {
  const teacherId = await t.userId('teacher');
  const [course] = await t.db.select({ id: courses.id }).from(courses).orderBy(courses.id).limit(1);
  const [group] = await t.db
    .insert(groups)
    .values({ name: 'Membership stories', courseId: course.id, teacherId, promoCode: 'STORIES1' })
    .returning();
  groupId = group.id;
  const png = await pngImage();
  for (const story of STORIES) {
    // a learner of no school, with a test, an answer, a score and a drawing: nothing puts it in the teacher's scope but the group
    const planted = await plant(t.db, `ZQSTORY${story.toUpperCase()}`, null);
    const { child } = planted.ids;
    const name = await t.app.storage.saveFile('exams', png, 'png');
    const [submission] = await t.db
      .select({ id: examSubmissions.id })
      .from(examSubmissions)
      .where(eq(examSubmissions.examId, planted.ids.exam));
    const [file] = await t.db
      .insert(examFiles)
      .values({ kind: 'image', name, submissionId: submission.id, childId: child })
      .returning();
    kids[story] = { child, file: file.id };
    const startsActive = ['active', 'left', 'hidden', 'blockedAfterActive'].includes(story);
    await t.db
      .insert(groupMembers)
      .values({ groupId, childId: child, status: startsActive ? MEMBER_STATUS.active : MEMBER_STATUS.pending });
  }
  // the rest of each story through the teacher's own calls
  const answer = (child: number, status: number) =>
    t.inject({
      method: 'POST',
      url: `/api/users/change/group/status/${groupId}`,
      as: 'teacher',
      payload: { user_id: child, status },
    });
  const setStatus = (child: number, status: number) =>
    t.inject({
      method: 'POST',
      url: '/api/users/change/student/status',
      as: 'teacher',
      payload: { group_id: groupId, user_id: child, status },
    });
  const steps = [
    await answer(kids.refused.child, 2),
    await answer(kids.blockedRequest.child, 2),
    await setStatus(kids.blockedRequest.child, MEMBER_STATUS.blocked),
    await setStatus(kids.left.child, MEMBER_STATUS.inactive),
    await setStatus(kids.hidden.child, MEMBER_STATUS.hidden),
    await setStatus(kids.blockedAfterActive.child, MEMBER_STATUS.blocked),
  ];
  for (const step of steps) expect(step.statusCode).toBe(200);
}, 120_000);

const reads = (child: number, file: number) => ({
  answers: () =>
    t.inject({
      method: 'POST',
      url: '/api/answers/get/user/answers',
      as: 'teacher',
      payload: { student_id: child },
    }),
  file: () => t.inject({ url: `/api/exam/files/${file}`, as: 'teacher' }),
  report: () => t.inject({ url: `/api/reports/student/${child}/1`, as: 'teacher' }),
  details: () => t.inject({ url: `/api/student/details/${child}`, as: 'teacher' }),
});

describe('a teacher and the children of its group, by membership status', () => {
  it('the statuses are what each story says', async () => {
    const rows = await t.db
      .select({ childId: groupMembers.childId, status: groupMembers.status, everActive: groupMembers.everActive })
      .from(groupMembers)
      .where(eq(groupMembers.groupId, groupId));
    const of = (story: (typeof STORIES)[number]) => rows.find((r) => r.childId === kids[story].child);
    expect(of('active')).toMatchObject({ status: MEMBER_STATUS.active, everActive: true });
    expect(of('pending')).toMatchObject({ status: MEMBER_STATUS.pending, everActive: false });
    expect(of('refused')).toMatchObject({ status: MEMBER_STATUS.inactive, everActive: false });
    expect(of('left')).toMatchObject({ status: MEMBER_STATUS.inactive, everActive: true });
    expect(of('hidden')).toMatchObject({ status: MEMBER_STATUS.hidden, everActive: true });
    expect(of('blockedAfterActive')).toMatchObject({ status: MEMBER_STATUS.blocked, everActive: true });
    expect(of('blockedRequest')).toMatchObject({ status: MEMBER_STATUS.blocked, everActive: false });
  });

  for (const story of ['active', 'left', 'hidden', 'blockedAfterActive'] as const)
    it(`sees the answers, drawings, report and details of a child ${story} (taught, now or before)`, async () => {
      const r = reads(kids[story].child, kids[story].file);
      const answers = await r.answers();
      expect(answers.statusCode).toBe(200);
      expect(answers.json().answers.map((a: { answer: string }) => a.answer)).toEqual([
        `ZQSTORY${story.toUpperCase()} word`,
      ]);
      expect((await r.file()).statusCode).toBe(200);
      expect((await r.report()).statusCode).toBe(200);
      expect((await r.details()).statusCode).toBe(200);
    });

  for (const story of ['pending', 'refused', 'blockedRequest'] as const)
    it(`answers 404 for the answers, drawings, report and details of a child ${story} (never taught)`, async () => {
      const r = reads(kids[story].child, kids[story].file);
      const answers = await r.answers();
      expect(answers.statusCode).toBe(404);
      expect(answers.body).not.toContain('ZQSTORY');
      expect((await r.file()).statusCode).toBe(404);
      expect((await r.report()).statusCode).toBe(404);
      expect((await r.details()).statusCode).toBe(404);
    });

  it('still sees a pending request, to answer it', async () => {
    const res = await t.inject({
      method: 'POST',
      url: '/api/users/groups/requests',
      as: 'teacher',
      payload: { group_id: groupId },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().requests.map((r: { child_id: number }) => r.child_id)).toContain(kids.pending.child);
  });

  it('lists among the learners of its tests only those it teaches or taught', async () => {
    const res = await t.inject({ method: 'POST', url: '/api/exam/takers', as: 'teacher', payload: { limit: 100 } });
    expect(res.statusCode).toBe(200);
    const names: string[] = res.json().students.map((s: { name: string }) => s.name);
    for (const story of ['active', 'left', 'hidden', 'blockedAfterActive'])
      expect(names).toContain(`ZQSTORY${story.toUpperCase()} child`);
    for (const story of ['pending', 'refused', 'blockedRequest'])
      expect(names).not.toContain(`ZQSTORY${story.toUpperCase()} child`);
  });
});
