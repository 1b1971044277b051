import { and, eq, inArray, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { children, examFiles, exams, examSubmissions, logs, users } from '../../server/db/schema';
import { bank, form, stageEntries, type BankQuestion } from './support/exams';
import { pngImage } from './support/files';
import { storedView } from './support/s3';
import { withApp } from './support/withApp';

/**
 * Guest retention (docs/DEPLOY.md "Erasure"): the nightly `guest-retention` job removes every guest whose last
 * activity is older than the platform's `guest_retention_days`, with their learner, tests and files; a guest
 * active since, and every family's learner however old, stay.
 */
const t = withApp();
let questions: Record<string, BankQuestion[]>;

/** A guest who signed up and sent the first stage with a drawing; answers their ids, token and stored keys. */
async function guestWithDrawing(name: string) {
  const signUp = await t.inject({
    method: 'POST',
    url: '/api/register',
    payload: { type: 3, name, gender: 2, age_group: 3, language: 'ar' },
  });
  expect(signUp.statusCode, signUp.body).toBe(201);
  const { user, student, access_token: token } = signUp.json();
  questions ??= await bank(t.app, await t.token('family'));
  const body = form(
    stageEntries(1, questions[1], [
      ['student_id', String(student.id)],
      ['exam_type', '1'],
      ['challenge', '1'],
    ]),
    { name: 'img', filename: 'drawing.png', data: await pngImage(320, 240, '#3366aa') },
  );
  const stage = await t.inject({
    method: 'POST',
    url: '/api/answers/add',
    payload: body.body,
    headers: body.headers,
    token,
  });
  expect(stage.statusCode, stage.body).toBe(201);
  const files = await t.db.select().from(examFiles).where(eq(examFiles.childId, student.id));
  const keys = files.flatMap((f) => [`exams/${f.name}`, `exams/thumbs/${f.name}`]);
  return { userId: user.id as number, childId: student.id as number, keys };
}

/** Moves a guest's sign-up, tests and stages `days` into the past. */
async function age(guest: { userId: number; childId: number }, days: number) {
  const past = sql`now() - make_interval(days => ${days})`;
  await t.db.update(users).set({ createdAt: past }).where(eq(users.id, guest.userId));
  const tests = await t.db.select({ id: exams.id }).from(exams).where(eq(exams.childId, guest.childId));
  const ids = tests.map((e) => e.id);
  await t.db.update(exams).set({ createdAt: past, updatedAt: past, startedAt: past }).where(inArray(exams.id, ids));
  await t.db.update(examSubmissions).set({ createdAt: past }).where(inArray(examSubmissions.examId, ids));
}

const listedSettings = async (): Promise<{ id: number; key: string; value: unknown }[]> =>
  (await t.post('/api/setting/index', {}, 'admin')).json().settings;
const setRetention = async (days: unknown) => {
  const id = (await listedSettings()).find((s) => s.key === 'guest_retention_days')!.id;
  return t.post(`/api/setting/change/${id}`, { value: days }, 'admin');
};

describe('guest retention', () => {
  it('is a platform setting: whole days from 7 to 3650, 365 by default; anything else is refused', async () => {
    expect(await listedSettings()).toEqual(
      expect.arrayContaining([expect.objectContaining({ key: 'guest_retention_days', value: 365 })]),
    );
    for (const bad of [6, 3651, 30.5, '30']) {
      const res = await setRetention(bad);
      expect(res.statusCode).toBe(400);
      expect(res.json().key).toBe('app.settings.retentionRange');
    }
    expect((await setRetention(30)).statusCode).toBe(200);
  });

  it('removes the guests past the period with their learner, tests and files; keeps the others', async () => {
    await setRetention(30);
    const old = await guestWithDrawing('Old guest');
    const recent = await guestWithDrawing('Recent guest');
    const active = await guestWithDrawing('Returning guest');
    await age(old, 45);
    await age(recent, 10);
    // signed up long ago, but sent a stage last week: their last activity counts
    await age(active, 45);
    await t.db
      .update(examSubmissions)
      .set({ createdAt: sql`now() - interval '7 days'` })
      .where(
        inArray(
          examSubmissions.examId,
          t.db.select({ id: exams.id }).from(exams).where(eq(exams.childId, active.childId)),
        ),
      );
    // a family's learner older than any guest is never removed by it
    const familyLearners = await t.db
      .select({ id: children.id })
      .from(children)
      .where(eq(children.parentId, await t.userId('family')));
    await t.db
      .update(users)
      .set({ createdAt: sql`now() - interval '900 days'` })
      .where(eq(users.id, await t.userId('family')));

    const stored = storedView('local', { dataDir: t.config.dataDir });
    expect(await stored.keys('exams/')).toEqual(expect.arrayContaining([...old.keys, ...recent.keys, ...active.keys]));

    await t.app.jobs.send('guest-retention', {});
    await t.app.jobs.drain(); // the retention job, then the erase-files job it queued

    expect(await t.db.select().from(users).where(eq(users.id, old.userId))).toEqual([]);
    expect(await t.db.select().from(children).where(eq(children.id, old.childId))).toEqual([]);
    const left = await stored.keys('exams/');
    expect(left).not.toEqual(expect.arrayContaining(old.keys.slice(0, 1)));
    expect(left).toEqual(expect.arrayContaining([...recent.keys, ...active.keys]));
    for (const kept of [recent, active])
      expect(await t.db.select({ id: users.id }).from(users).where(eq(users.id, kept.userId))).toHaveLength(1);
    const stillThere = await t.db
      .select({ id: children.id })
      .from(children)
      .where(eq(children.parentId, await t.userId('family')));
    expect(stillThere).toEqual(familyLearners);
    // the log keeps what was removed and why, not who
    const [row] = await t.db
      .select()
      .from(logs)
      .where(and(eq(logs.action, 'delete'), eq(logs.entity, 'user'), eq(logs.entityId, old.userId)));
    expect(row).toMatchObject({ action: 'delete', entity: 'user', actorId: null });
    expect(row.newValue).toEqual({ reason: 'guest_retention', days: 30 });
  });

  it('runs every night: the schedule is in the queue tables', async () => {
    const schedules = await t.db.execute(sql`select name, cron, timezone from pgboss.schedule`);
    expect((schedules as unknown as { rows: unknown[] }).rows).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ name: 'guest-retention', cron: '30 2 * * *', timezone: 'UTC' }),
      ]),
    );
  });
});
