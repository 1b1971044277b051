import ExcelJS from 'exceljs';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { exportJobs, permissions, userPermissions, users } from '../../server/db/schema';
import { seedWorkedScores } from './support/reports';
import { demo, withApp } from './support/withApp';

/**
 * Exports as jobs (docs/api/jobs.md "Exports as jobs"): an export of at most EXPORT_INLINE_ROWS rows (3 here) is
 * written in the request; a larger one is queued, shows its progress and gives its file once the `export` job has
 * run, only to the user who asked; the `export-cleanup` job removes it, file and row, after its day.
 */
const t = withApp({ env: { EXPORT_INLINE_ROWS: '3' } });
let drawingA: number;

beforeAll(async () => {
  await seedWorkedScores(t.db);
  const [row] = (
    (await t.db.execute(sql`select id from groups where name = 'Drawing A'`)) as unknown as { rows: { id: number }[] }
  ).rows;
  drawingA = row.id;
});

const sheetRows = async (payload: Buffer, sheet = 0) => {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(payload as unknown as ArrayBuffer);
  const rows: unknown[][] = [];
  book.worksheets[sheet].eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  return rows;
};

const ask = (payload: object, as = 'admin') => t.post('/api/exports', payload, as);

describe('POST /api/exports', () => {
  it("writes a small export in the request: the group's results, done at once, its file downloaded", async () => {
    const res = await ask({ kind: 'exam-results', group_id: drawingA, exam_type: 1, challenge_no: 1, locale: 'en' });
    expect(res.statusCode, res.body).toBe(201);
    const job = res.json().export;
    expect(job).toMatchObject({ kind: 'exam-results', status: 'done', filename: 'exam_results.xlsx', error: null });
    expect(job.processed).toBe(job.total);
    expect(job.total).toBeGreaterThanOrEqual(3);
    const file = await t.get(`/api/exports/${job.id}/file`, 'admin');
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toContain('spreadsheetml');
    expect(file.headers['content-disposition']).toContain('exam_results.xlsx');
    expect(file.headers['cache-control']).toBe('private, no-store');
    const rows = await sheetRows(file.rawPayload);
    expect(rows.slice(1).map((r) => r[1])).toEqual(['Omar', 'Sara', 'Yousef']);
  });

  it('queues a large export: pending, then done by the job with its progress, the file in the object store', async () => {
    const res = await ask({ kind: 'users', locale: 'en' });
    expect(res.statusCode, res.body).toBe(201);
    const job = res.json().export;
    const count = (await t.db.select().from(users)).length;
    expect(job).toMatchObject({ kind: 'users', status: 'pending', total: count, processed: 0, filename: 'users.xlsx' });
    // the job may already run on this process's worker: not done yet, or done
    const early = await t.get(`/api/exports/${job.id}/file`, 'admin');
    if (early.statusCode !== 200) expect(early.json()).toMatchObject({ key: 'app.exports.notReady' });
    await t.app.jobs.drain();
    const done = (await t.get(`/api/exports/${job.id}`, 'admin')).json().export;
    expect(done).toMatchObject({ status: 'done', total: count, processed: count });
    expect(done.size).toBeGreaterThan(0);
    const [row] = await t.db.select().from(exportJobs).where(eq(exportJobs.id, job.id));
    expect(row.fileKey).toMatch(/^exports\/\d+-[\w-]+\.xlsx$/);
    expect(await t.app.storage.objects.get(row.fileKey!)).not.toBeNull();
    const file = await t.get(`/api/exports/${job.id}/file`, 'admin');
    expect(file.statusCode).toBe(200);
    expect(Number(file.headers['content-length'])).toBe(done.size);
    const rows = await sheetRows(file.rawPayload);
    expect(rows).toHaveLength(count + 1);
    expect(rows[0][1]).toBe('Name');
    expect((await t.get('/api/exports', 'admin')).json().exports.map((e: { id: number }) => e.id)).toContain(job.id);
  });

  it("is the asker's alone: another user's guess of the id answers 404", async () => {
    const job = (await ask({ kind: 'users' })).json().export;
    await t.app.jobs.drain();
    for (const other of ['region', 'school', 'teacher', 'family']) {
      expect((await t.get(`/api/exports/${job.id}`, other)).statusCode).toBe(404);
      expect((await t.get(`/api/exports/${job.id}/file`, other)).statusCode).toBe(404);
      expect((await t.get('/api/exports', other)).json().exports).toEqual([]);
    }
    expect((await t.get('/api/exports/99999999', 'admin')).statusCode).toBe(404);
    expect((await t.get('/api/exports/abc', 'admin')).statusCode).toBe(400);
    expect((await t.get(`/api/exports/${job.id}`)).statusCode).toBe(401);
  });

  it("runs in the scope the asker had at the request: a school admin's users, even after the permission is gone", async () => {
    const [school] = await t.db.select().from(users).where(eq(users.email, demo.school.email));
    const [permission] = await t.db.select().from(permissions).where(eq(permissions.name, 'access_users'));
    await t.db.insert(userPermissions).values({ userId: school.id, permissionId: permission.id });
    // more users in the school than an export written in the request holds
    await t.db.insert(users).values(
      [1, 2, 3, 4].map((n) => ({
        name: `School export ${n}`,
        email: `school.export.${n}@exports.test`,
        passwordHash: 'not a hash',
        type: 2,
        schoolId: school.schoolId,
      })),
    );
    const job = (await ask({ kind: 'users', locale: 'en' }, 'school')).json().export;
    expect(job.status).toBe('pending');
    await t.db.delete(userPermissions).where(eq(userPermissions.userId, school.id));
    await t.app.jobs.drain();
    const file = await t.get(`/api/exports/${job.id}/file`, 'school');
    expect(file.statusCode).toBe(200);
    const exported = (await sheetRows(file.rawPayload))
      .slice(1)
      .map((r) => r[2])
      .sort();
    const ofSchool = (await t.db.select().from(users).where(eq(users.schoolId, school.schoolId!)))
      .map((u) => u.email)
      .sort();
    expect(exported).toEqual(ofSchool);
    expect(exported).toContain('school.export.1@exports.test');
    expect(exported).not.toContain(demo.admin.email);
  });

  it('refuses what the caller may not export, and bad input, storing nothing', async () => {
    const before = (await t.db.select().from(exportJobs)).length;
    expect((await ask({ kind: 'users' }, 'teacher')).statusCode).toBe(403);
    expect((await ask({ kind: 'exam-results', group_id: drawingA, exam_type: 1 }, 'family')).statusCode).toBe(403);
    expect((await ask({ kind: 'exam-results', group_id: 999999, exam_type: 1 })).statusCode).toBe(404);
    expect((await ask({ kind: 'exam-results', group_id: drawingA, exam_type: 7 })).statusCode).toBe(400);
    expect((await ask({ kind: 'passwords' })).statusCode).toBe(400);
    // a group nobody took the post-test in is refused as GET /exam-export refuses it
    const none = await ask({ kind: 'exam-results', group_id: drawingA, exam_type: 2, challenge_no: 3 });
    expect(none.statusCode).toBe(409);
    expect(none.json().key).toBe('app.reports.groupHasNoTakers');
    expect((await t.post('/api/exports', { kind: 'users' })).statusCode).toBe(401);
    expect((await t.db.select().from(exportJobs)).length).toBe(before);
  });

  it('is removed after its day by the export-cleanup job, file and row', async () => {
    const job = (await ask({ kind: 'users' })).json().export;
    await t.app.jobs.drain();
    const [row] = await t.db.select().from(exportJobs).where(eq(exportJobs.id, job.id));
    await t.db
      .update(exportJobs)
      .set({ expiresAt: sql`now() - interval '1 minute'` })
      .where(eq(exportJobs.id, job.id));
    expect((await t.get(`/api/exports/${job.id}/file`, 'admin')).statusCode).toBe(404);
    await t.app.jobs.send('export-cleanup', {});
    await t.app.jobs.drain();
    expect(await t.db.select().from(exportJobs).where(eq(exportJobs.id, job.id))).toEqual([]);
    expect(await t.app.storage.objects.get(row.fileKey!)).toBeNull();
    // every hour, sent once whatever the number of processes: the schedule is in the queue's tables
    const schedules = await t.db.execute(sql`select name, cron, timezone from pgboss.schedule`);
    expect((schedules as unknown as { rows: unknown[] }).rows).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ name: 'export-cleanup', cron: '15 * * * *', timezone: 'UTC' }),
      ]),
    );
  });
});
