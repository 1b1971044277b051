import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { DATE_FORMAT } from '../../server/adapters/xlsx';
import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { logs, notifications, scoreConfirmations, wordScores } from '../../server/db/schema';
import { answersWithMatches, seedWorkedScores, wordQuestion } from './support/reports';
import { withApp } from './support/withApp';

/**
 * Score calls, exam_results.xlsx and the print pages on the worked example of
 * tests/server/support/reports.ts (pre-test totals: Yousef 21, Laila 3,
 * Omar 8, Sara 6, Karim 12; mean 10, SD 6.96: above > 13.48, below < 6.52).
 */
const t = withApp();
let ids: Record<string, number>;
let drawingA: number;

beforeAll(async () => {
  ids = await seedWorkedScores(t.db);
  await answersWithMatches(t.db, ids.Yousef, 1, 1, [
    { answer: 'قطة', status: 'relevant', category: 'حيوانات', subcategory: 'أليفة', points: 0 },
    { answer: '=HYPERLINK("x")', status: 'relevant', points: 0 },
    { answer: 'قطة', status: 'repeat' },
  ]);
  const [row] = (
    (await t.db.execute(sql`select id from groups where name = 'Drawing A'`)) as unknown as { rows: { id: number }[] }
  ).rows;
  drawingA = row.id;
});

const { get, post } = t;

describe('ranked learners and counts', () => {
  it('answers/countSorted ranks the learners in scope by a score', async () => {
    const res = await post(
      '/api/answers/countSorted',
      { exam_type: 1, order_by: 'total', order_direction: 'desc' },
      'admin',
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().data.map((r: { name: string; total: number }) => [r.name, r.total])).toEqual([
      ['Yousef', 21],
      ['Karim', 12],
      ['Omar', 8],
      ['Sara', 6],
      ['Laila', 3],
    ]);
    expect(res.json().count).toBe(5);
    // the teacher sees the learners of the demo teacher's groups only; GET works with the query
    const teacher = await get('/api/answers/countSorted?exam_type=1&order_by=fluency&order_direction=asc', 'teacher');
    expect(teacher.json().data.map((r: { name: string }) => r.name)).toEqual(['Omar', 'Sara', 'Karim', 'Yousef']);
    expect((await post('/api/answers/countSorted', { group_id: 999999 }, 'admin')).statusCode).toBe(404);
    expect((await post('/api/answers/countSorted', {}, 'family')).statusCode).toBe(403);
    expect((await post('/api/answers/countSorted', { order_by: 'password' }, 'admin')).statusCode).toBe(400);
  });

  it('GET usersCount and the answer counts', async () => {
    const counts = (await get('/api/usersCount', 'admin')).json();
    expect(counts.tests.find((x: { exam_type: number }) => x.exam_type === 1)).toMatchObject({
      scored: 5,
      confirmed: 0,
    });
    expect(counts.tests.find((x: { exam_type: number }) => x.exam_type === 2)).toMatchObject({ scored: 3 });
    const answers = (await get(`/api/answers/count?student_id=${ids.Yousef}&exam_type=1`, 'admin')).json();
    expect(answers).toEqual({ answers: 3, scored: 3, relevant: 2, unmatched: 1, learners: 1 });
    expect((await get(`/api/answers/count?student_id=${ids.Yousef}`, 'family')).statusCode).toBe(403);
    expect((await post('/api/answers/totalAnswers', { student_id: ids.Laila }, 'teacher')).statusCode).toBe(404);
  });

  it('GET /answers/get/exam/users lists who took a test', async () => {
    const res = (
      await get('/api/answers/get/exam/users?exam_type=2&order_by=name&order_direction=asc', 'admin')
    ).json();
    expect(res.data.map((r: { name: string }) => r.name)).toEqual(['Omar', 'Sara', 'Yousef']);
    expect(res.data[0]).toMatchObject({ exam_type: 2, challenges: [1], scored: true });
  });

  it('/search/user finds learners in scope only', async () => {
    expect(
      (await post('/api/search/user', { search_text: 'lai' }, 'admin'))
        .json()
        .data.map((r: { name: string }) => r.name),
    ).toContain('Laila');
    expect((await post('/api/search/user', { search_text: 'lai' }, 'teacher')).json().data).toEqual([]);
    expect((await post('/api/search/user', { search_text: '' }, 'admin')).statusCode).toBe(400);
  });
});

describe("a learner's scores, confirmation and sending the report", () => {
  it('GET /answers/score/{id} shows each question with what the engine made of each answer', async () => {
    const res = await get(`/api/answers/score/${ids.Yousef}`, 'admin');
    expect(res.statusCode).toBe(200);
    const pre = res.json().tests.find((x: { exam_type: number }) => x.exam_type === 1);
    expect(pre).toMatchObject({ fluency: 10, flexibility: 6, originality: 5, total: 21, confirmation: null });
    expect(pre.questions[0].answers.map((a: { answer: string; status: string }) => [a.answer, a.status])).toEqual([
      ['قطة', 'relevant'],
      ['=HYPERLINK("x")', 'relevant'],
      ['قطة', 'repeat'],
    ]);
    expect((await get(`/api/answers/score/${ids.Laila}`, 'teacher')).statusCode).toBe(404);
    expect((await get(`/api/answers/score/${ids.Yousef}`, 'marker')).statusCode).toBe(403);
  });

  it('POST /confirm/score keeps the totals confirmed; a rescore makes it outdated', async () => {
    expect((await post('/api/confirm/score', { student_id: ids.Yousef, exam_type: 1 }, 'teacher')).statusCode).toBe(
      403,
    );
    expect((await post('/api/confirm/score', { student_id: ids.Laila, exam_type: 2 }, 'admin')).statusCode).toBe(409);
    const res = await post('/api/confirm/score', { student_id: ids.Yousef, exam_type: 1 }, 'admin');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      key: 'app.reports.scoreConfirmed',
      confirmation: { outdated: false, confirmed_by: 'Nadia Admin' },
    });
    const [row] = await t.db.select().from(scoreConfirmations).where(eq(scoreConfirmations.childId, ids.Yousef));
    expect(row).toMatchObject({ fluency: 10, flexibility: 6, originality: 5 });
    const [log] = await t.db
      .select()
      .from(logs)
      .where(and(eq(logs.action, 'confirm_score'), eq(logs.entityId, ids.Yousef)));
    expect(log).toBeDefined();
    expect(
      (await post('/api/answers/countSorted', { exam_type: 1, confirmed: 1 }, 'admin'))
        .json()
        .data.map((r: { name: string }) => r.name),
    ).toEqual(['Yousef']);
    await t.db
      .update(wordScores)
      .set({ fluency: 11 })
      .where(and(eq(wordScores.childId, ids.Yousef), eq(wordScores.examType, 1)));
    const report = (await get(`/api/reports/student/${ids.Yousef}/1`, 'admin')).json();
    expect(report.confirmation).toMatchObject({ outdated: true });
    expect((await post('/api/answers/countSorted', { exam_type: 1, confirmed: 1 }, 'admin')).json().data).toEqual([]);
    await t.db
      .update(wordScores)
      .set({ fluency: 10 })
      .where(and(eq(wordScores.childId, ids.Yousef), eq(wordScores.examType, 1)));
  });

  it('POST /report notifies the family with the link to the report', async () => {
    const res = await post('/api/report', { student_id: ids.Yousef, exam_type: 1 }, 'teacher');
    expect(res.statusCode).toBe(200);
    const [n] = await t.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.type, 'report'), eq(notifications.studentId, ids.Yousef)));
    expect(n.link).toBe(`/report/${ids.Yousef}/1`);
    const wrong = await post(
      '/api/report',
      { student_id: ids.Yousef, exam_type: 1, content: `/report/${ids.Omar}/1` },
      'teacher',
    );
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors).toEqual({ content: 'app.reports.wrongReportLink' });
    expect(
      (await post('/api/report', { student_id: ids.Omar, exam_type: 2, content: 'x' }, 'teacher')).statusCode,
    ).toBe(400);
    expect((await post('/api/report', { student_id: ids.Laila, exam_type: 1 }, 'teacher')).statusCode).toBe(404);
    expect((await post('/api/report', { student_id: ids.Laila, exam_type: 2 }, 'admin')).statusCode).toBe(409);
  });

  it("answers/get/json is the platform administration's score file", async () => {
    expect((await post('/api/answers/get/json', { question_id: 999999 }, 'admin')).statusCode).toBe(404);
    expect((await post('/api/answers/get/json', { question_id: 1 }, 'region')).statusCode).toBe(403);
    // a word question: its dictionary (category → subcategory → words) and every taker's answers
    const { questionId } = await wordQuestion(t.db, 1, 1);
    const res = await post('/api/answers/get/json', { question_id: questionId }, 'admin');
    expect(res.statusCode).toBe(200);
    const file = res.json();
    expect(file.question).not.toBe('');
    const [word] = (
      (await t.db.execute(sql`
        select c.name as category, s.name as subcategory, w.word from category_words w
        join subcategories s on s.id = w.subcategory_id join categories c on c.id = s.category_id
        join question_category_sets qs on qs.set_id = c.set_id
        where qs.question_id = ${questionId} limit 1`)) as unknown as {
        rows: { category: string; subcategory: string; word: string }[];
      }
    ).rows;
    expect(file.dictionary[word.category][word.subcategory]).toContain(word.word);
    expect(file.takers.flatMap((x: { answers: string[] }) => x.answers)).toEqual(
      expect.arrayContaining(['قطة', '=HYPERLINK("x")']),
    );
  });
});

describe('exam_results.xlsx', () => {
  it("the admin exports a group's results, read back with exceljs: text as text, dates, the challenge", async () => {
    const res = await get(`/api/exam-export?group_id=${drawingA}&exam_type=1&challenge_no=1&locale=ar`, 'admin');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(res.headers['content-disposition']).toContain('exam_results.xlsx');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const results = book.getWorksheet('النتائج')!;
    expect(results.views[0].rightToLeft).toBe(true);
    const rows = results
      .getSheetValues()
      .slice(2)
      .map((r) => (r as unknown[]).slice(1));
    expect((results.getRow(1).values as unknown[]).slice(1, 3)).toEqual(['رقم المتعلم', 'الاسم']);
    // Omar, Sara, Yousef: totals 8, 6, 21 → average, below, above; percentiles 50, 30, 90
    expect(rows.map((r) => [r[1], r[11], r[12], r[13]])).toEqual([
      ['Omar', 8, 'متوسط', 50],
      ['Sara', 6, 'دون المتوسط', 30],
      ['Yousef', 21, 'فوق المتوسط', 90],
    ]);
    // the test day a date cell in the one format; the challenge asked for on every row
    expect(rows.every((r) => r[4] instanceof Date)).toBe(true);
    expect(results.getCell('E2').numFmt).toBe(DATE_FORMAT);
    expect(rows.map((r) => r[6])).toEqual([1, 1, 1]);
    const answers = book.getWorksheet('الإجابات')!;
    const answerRows = answers
      .getSheetValues()
      .slice(2)
      .map((r) => (r as unknown[]).slice(1))
      .filter((r) => r[1] === 'Yousef');
    expect(answerRows.map((r) => r[4])).toEqual(['قطة', '=HYPERLINK("x")', 'قطة']);
    expect(answerRows[0].slice(5, 9)).toEqual(['محتسبة', 'حيوانات', 'أليفة', 0]);
  });

  it('checks permission and scope; a group with no takers is a 409', async () => {
    expect((await get(`/api/exam-export?group_id=${drawingA}&exam_type=1`, 'family')).statusCode).toBe(403);
    expect((await get(`/api/exam-export?group_id=999999&exam_type=1`, 'admin')).statusCode).toBe(404);
    expect((await get(`/api/exam-export?group_id=${drawingA}&exam_type=5`, 'admin')).statusCode).toBe(400);
    expect((await get(`/api/exam-export?group_id=${drawingA}&exam_type=1&challenge_no=3`, 'admin')).statusCode).toBe(
      409,
    );
    expect((await get(`/api/exam-export?group_id=${drawingA}&exam_type=1`)).statusCode).toBe(401);
  });

  it('GET /exam-export/groups lists the groups with their takers', async () => {
    const raw = await get('/api/exam-export/groups', 'teacher');
    const res = raw.json();
    expect(res.groups.find((g: { id: number }) => g.id === drawingA)).toMatchObject({ pre_takers: 3, post_takers: 3 });
    expect((await get('/api/exam-export/groups?school_id=999999', 'admin')).statusCode).toBe(404);
  });
});

describe('print pages', () => {
  it("a learner's corrected test as data, and the group's tests as a PDF with Arabic text", async () => {
    const one = await post(
      '/api/users/print/group/users/answers',
      { student_id: ids.Yousef, exam_type: 1, challenge_no: 1, kind: 'corrected', locale: 'ar' },
      'family',
    );
    expect(one.statusCode).toBe(200);
    const learner = one.json().learners[0];
    expect(learner).toMatchObject({
      name: 'Yousef',
      challenge: 1,
      scores: { fluency: 10, flexibility: 6, originality: 5, total: 21 },
    });
    expect(learner.questions[0].answers[0]).toEqual({
      answer: 'قطة',
      status: 'relevant',
      category: 'حيوانات',
      subcategory: 'أليفة',
      points: 0,
    });
    const plain = (
      await post('/api/users/print/group/users/answers', { student_id: ids.Yousef, exam_type: 1 }, 'family')
    ).json();
    expect(plain.learners[0].scores).toBeNull();
    expect(plain.learners[0].questions[0].answers[0].category).toBeNull();

    const pdf = await post(
      '/api/users/print/group/users/answers/all',
      { group_id: drawingA, exam_type: 1, challenge_no: 1, kind: 'corrected', format: 'pdf', locale: 'ar' },
      'teacher',
    );
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'print-')), 'print.pdf');
    fs.writeFileSync(file, pdf.rawPayload);
    const text = execFileSync('pdftotext', [file, '-']).toString();
    expect(text).toContain('اختبار نيومي مصحح');
    expect(text).toContain('قطة');
    expect(text).toContain('Omar');
  });

  it("a learner's plain test as a PDF, and the group's PDF with each learner on pages of their own", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'print-'));
    const pdfText = (payload: Buffer, name: string, page?: number) => {
      const file = path.join(dir, name);
      fs.writeFileSync(file, payload);
      return execFileSync('pdftotext', [
        ...(page ? ['-f', String(page), '-l', String(page)] : []),
        file,
        '-',
      ]).toString();
    };
    const one = await post(
      '/api/users/print/group/users/answers',
      { student_id: ids.Yousef, exam_type: 1, challenge_no: 1, format: 'pdf', locale: 'ar' },
      'family',
    );
    expect(one.statusCode).toBe(200);
    expect(one.headers['content-type']).toBe('application/pdf');
    const text = pdfText(one.rawPayload, 'one.pdf');
    expect(text).toContain('Yousef');
    expect(text).toContain('قطة');
    expect(text).not.toContain('Omar');
    // plain: no scores, no categories
    expect(text).not.toContain('مصحح');
    expect(text).not.toContain('حيوانات');
    expect(
      (
        await post(
          '/api/users/print/group/users/answers',
          { student_id: ids.Omar, exam_type: 1, format: 'pdf' },
          'family',
        )
      ).statusCode,
    ).toBe(404);

    const all = await post(
      '/api/users/print/group/users/answers/all',
      { group_id: drawingA, exam_type: 1, challenge_no: 1, format: 'pdf', locale: 'ar' },
      'teacher',
    );
    expect(all.statusCode).toBe(200);
    fs.writeFileSync(path.join(dir, 'all.pdf'), all.rawPayload);
    const pages = Number(/Pages:\s+(\d+)/.exec(execFileSync('pdfinfo', [path.join(dir, 'all.pdf')]).toString())![1]);
    const namesOnPage = Array.from({ length: pages }, (_, i) =>
      ['Omar', 'Sara', 'Yousef'].filter((n) => pdfText(all.rawPayload, 'all.pdf', i + 1).includes(n)),
    );
    for (const names of namesOnPage) expect(names.length).toBeLessThanOrEqual(1);
    expect(new Set(namesOnPage.flat())).toEqual(new Set(['Omar', 'Sara', 'Yousef']));
  });

  it('checks scope and input', async () => {
    expect(
      (await post('/api/users/print/group/users/answers', { student_id: ids.Omar, exam_type: 1 }, 'family')).statusCode,
    ).toBe(404);
    expect(
      (await post('/api/users/print/group/users/answers/all', { group_id: drawingA, exam_type: 1 }, 'family'))
        .statusCode,
    ).toBe(403);
    expect((await post('/api/users/print/group/users/answers/all', { exam_type: 1 }, 'admin')).statusCode).toBe(400);
    expect(
      (
        await post(
          '/api/users/print/group/users/answers/all',
          { group_id: drawingA, exam_type: 1, format: 'docx' },
          'admin',
        )
      ).statusCode,
    ).toBe(400);
  });
});

describe('POST /answers/delete', () => {
  it('deletes answers in scope, all or none, and queues their questions for scoring', async () => {
    const { examAnswers, scoringJobs } = await import('../../server/db/schema');
    const mine = await t.db
      .select({ id: examAnswers.id, questionId: examAnswers.questionId })
      .from(examAnswers)
      .where(eq(examAnswers.childId, ids.Yousef));
    // Laila (Delta school, in none of the teacher's groups) has answers of her own, outside the teacher's scope
    await answersWithMatches(t.db, ids.Laila, 1, 1, [{ answer: 'شمس', status: 'relevant', points: 0 }]);
    const laila = await t.db.select({ id: examAnswers.id }).from(examAnswers).where(eq(examAnswers.childId, ids.Laila));
    expect(laila).toHaveLength(1);
    expect(mine.length).toBeGreaterThan(0);
    // one id outside the teacher's scope: nothing is deleted, not even the one in scope
    expect((await post('/api/answers/delete', { ids: [mine[0].id, laila[0].id] }, 'teacher')).statusCode).toBe(404);
    expect(await t.db.select().from(examAnswers).where(eq(examAnswers.childId, ids.Laila))).toHaveLength(1);
    // nor Laila's alone
    expect((await post('/api/answers/delete', { id: laila[0].id }, 'teacher')).statusCode).toBe(404);
    expect(await t.db.select().from(examAnswers).where(eq(examAnswers.id, laila[0].id))).toHaveLength(1);
    expect((await post('/api/answers/delete', { ids: [999999999] }, 'admin')).statusCode).toBe(404);
    expect((await post('/api/answers/delete', {}, 'admin')).statusCode).toBe(400);
    expect((await post('/api/answers/delete', { id: mine[0].id }, 'family')).statusCode).toBe(403);
    expect(await t.db.select().from(examAnswers).where(eq(examAnswers.id, mine[0].id))).toHaveLength(1);
    const res = await post('/api/answers/delete', { id: mine[0].id }, 'teacher');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ key: 'app.reports.answersDeleted', deleted: 1 });
    expect(await t.db.select().from(examAnswers).where(eq(examAnswers.id, mine[0].id))).toHaveLength(0);
    const jobs = await t.db
      .select()
      .from(scoringJobs)
      .where(and(eq(scoringJobs.scope, 'question'), eq(scoringJobs.targetId, mine[0].questionId)));
    expect(jobs.length).toBeGreaterThan(0);
    const [log] = await t.db
      .select()
      .from(logs)
      .where(and(eq(logs.entity, 'exam_answer'), eq(logs.entityId, mine[0].id)));
    expect(log.action).toBe('delete');
    // the same id is a real answer: the admin, whose scope holds Laila, deletes it
    const byAdmin = await post('/api/answers/delete', { id: laila[0].id }, 'admin');
    expect(byAdmin.json()).toMatchObject({ deleted: 1 });
    expect(await t.db.select().from(examAnswers).where(eq(examAnswers.childId, ids.Laila))).toHaveLength(0);
  });
});
