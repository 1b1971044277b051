import type { Readable } from 'node:stream';
import { eq } from 'drizzle-orm';
import yauzl from 'yauzl';
import { describe, expect, it } from 'vitest';
import type { FileStorage } from '../../server/adapters/storage';
import type { Actor } from '../../server/auth/actor';
import { activities, examFiles } from '../../server/db/schema';
import { childArchive } from '../../server/services/childArchive';
import { createAccount, createGroup } from './support/activities';
import { bank, form, stageEntries, type BankQuestion } from './support/exams';
import { multipart, pngImage } from './support/files';
import { DRIVERS, storedView, withS3 } from './support/s3';
import { withApp } from './support/withApp';

/**
 * The family's archive of a child (GET /api/children/{id}/archive, docs/API.md "Users"): one zip with the profile,
 * activities, tests and scores as JSON and a readable summary, and every stored file of the child byte for byte as
 * the store holds it, on both storage drivers; the child's own family only (404 for anyone else).
 */
const s3 = withS3();

/** The entries of a zip, unpacked, by name. */
async function unzip(zip: Buffer): Promise<Map<string, Buffer>> {
  const file = await yauzl.fromBufferPromise(zip, { lazyEntries: true });
  const entries = new Map<string, Buffer>();
  for await (const entry of file.eachEntry()) {
    const chunks: Buffer[] = [];
    for await (const chunk of await file.openReadStreamPromise(entry)) chunks.push(chunk as Buffer);
    entries.set(entry.fileName, Buffer.concat(chunks));
  }
  file.close();
  return entries;
}

describe.each(DRIVERS)("a child's archive on the %s driver", (driver) => {
  let bucket: string | undefined;
  const t = withApp(async () => (driver === 's3' ? { env: s3().env((bucket = await s3().createBucket())) } : {}));
  const stored = () =>
    storedView(driver, { dataDir: t.config.dataDir, s3: driver === 's3' ? s3() : undefined, bucket });
  let questions: Record<string, BankQuestion[]>;

  /** A child of the demo family with a profile photo, a handed-in activity and the first stage of a test. */
  async function childWithFiles(name: string) {
    const photo = multipart(
      { name, gender: '2', birthdate: '2017-04-04' },
      { name: 'image', filename: 'p.png', data: await pngImage(300, 200) },
    );
    const added = await t.inject({
      method: 'POST',
      url: '/api/users/add/child',
      payload: photo.body,
      headers: photo.headers,
      as: 'family',
    });
    expect(added.statusCode, added.body).toBe(201);
    const id = added.json().child.id as number;
    const group = await createGroup(t.db, await t.userId('teacher'), `${name} group`, [id]);
    const work = multipart(
      { child_id: String(id), group_id: String(group.id), title: 'رسمة البيت' },
      { name: 'image', filename: 'photo.png', data: await pngImage(200, 150, '#33aa55') },
    );
    const handed = await t.inject({
      method: 'POST',
      url: '/api/evaluation/add',
      payload: work.body,
      headers: work.headers,
      as: 'family',
    });
    expect(handed.statusCode, handed.body).toBe(201);
    questions ??= await bank(t.app, await t.token('family'));
    const stage = form(
      stageEntries(1, questions[1], [
        ['student_id', String(id)],
        ['exam_type', '1'],
        ['challenge', '1'],
      ]),
      { name: 'img', filename: 'drawing.png', data: await pngImage(400, 300, '#aa3355') },
    );
    const sent = await t.inject({
      method: 'POST',
      url: '/api/answers/add',
      payload: stage.body,
      headers: stage.headers,
      as: 'family',
    });
    expect(sent.statusCode, sent.body).toBe(201);
    const [activity] = await t.db.select().from(activities).where(eq(activities.childId, id));
    const [drawing] = await t.db.select().from(examFiles).where(eq(examFiles.childId, id));
    const photoName = (added.json().child.image as string).split('?')[0].split('/').pop()!;
    return {
      id,
      keys: {
        photo: `photos/${photoName}`,
        activity: `activities/${activity.image}`,
        drawing: `exams/${drawing.name}`,
      },
    };
  }

  it("holds the child's profile, activities, tests and scores, and every file byte for byte", async () => {
    const child = await childWithFiles('Yasmin');
    const res = await t.get(`/api/children/${child.id}/archive?lang=en`, 'family');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toContain(`Yasmin-${child.id}-neomi.zip`);
    expect(res.headers['cache-control']).toBe('private, no-store');
    const zip = await unzip(res.rawPayload);

    for (const key of Object.values(child.keys)) {
      const original = (await stored().bytes(key))!;
      expect(original.length).toBeGreaterThan(0);
      expect(zip.get(`files/${key}`)?.equals(original), key).toBe(true);
    }
    // the originals only: no thumbnail, nothing of another child
    expect([...zip.keys()].filter((name) => name.startsWith('files/')).sort()).toEqual(
      Object.values(child.keys)
        .map((key) => `files/${key}`)
        .sort(),
    );

    const profile = JSON.parse(zip.get('child.json')!.toString('utf8'));
    expect(profile).toMatchObject({
      id: child.id,
      name: 'Yasmin',
      birthdate: '2017-04-04',
      file: `files/${child.keys.photo}`,
    });
    const handedIn = JSON.parse(zip.get('activities.json')!.toString('utf8'));
    expect(handedIn).toHaveLength(1);
    expect(handedIn[0]).toMatchObject({
      child_id: child.id,
      title: 'رسمة البيت',
      file: `files/${child.keys.activity}`,
    });
    const tests = JSON.parse(zip.get('tests.json')!.toString('utf8'));
    expect(tests).toHaveLength(1);
    expect(tests[0].exam).toMatchObject({ exam_type: 1, challenge: 1 });
    expect(tests[0].stages[0]).toMatchObject({ stage: 1, image: { file: `files/${child.keys.drawing}` } });
    expect(tests[0].stages[0].answers.length).toBeGreaterThan(0);
    const scores = JSON.parse(zip.get('scores.json')!.toString('utf8'));
    expect(scores.student).toMatchObject({ id: child.id });
    const readme = zip.get('README.txt')!.toString('utf8');
    expect(readme).toContain('Everything Neomi Academy holds about Yasmin');
    expect(readme).toContain('Activities: 1');
    expect(readme).toContain('Files: 3');

    // in Arabic when asked (the console sends its locale)
    const arabic = await unzip((await t.get(`/api/children/${child.id}/archive?lang=ar`, 'family')).rawPayload);
    expect(arabic.get('README.txt')!.toString('utf8')).toContain('كل ما تحفظه أكاديمية نيومي عن Yasmin');
  });

  it('stops reading from the store when the download is cancelled, and logs no error', async () => {
    const child = await childWithFiles('Rasha');
    const opened: Readable[] = [];
    const storage: FileStorage = {
      ...t.app.storage,
      async read(folder, name, variant) {
        const file = await t.app.storage.read(folder, name, variant);
        if (file && !Buffer.isBuffer(file.body)) opened.push(file.body);
        return file;
      },
    };
    const errors: unknown[] = [];
    const actor = { id: await t.userId('family') } as Actor;
    const { stream } = await childArchive(t.db, storage, actor, child.id, 'en', (e) => errors.push(e));
    const closed = new Promise((resolve) => stream.once('close', resolve));
    // the reader goes away while the first file is being written
    for await (const _chunk of stream) if (opened.length) break;
    await closed;
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(errors).toEqual([]);
    // at most the file being written when the reader went away was opened, and it was closed
    expect(opened.length).toBeLessThan(3);
    expect(opened.every((body) => body.destroyed || body.readableEnded)).toBe(true);
  });

  it("is the child's own family's only: another family, a teacher, an admin and a stranger get 404", async () => {
    const child = await childWithFiles('Nour');
    const email = `other-family-${driver}@archive.test`;
    await createAccount(t.db, 'student', email);
    t.keep('other', await t.signIn(email));
    for (const who of ['other', 'teacher', 'admin']) {
      const res = await t.get(`/api/children/${child.id}/archive`, who);
      expect(res.statusCode, who).toBe(404);
      expect(res.json().key).toBe('app.errors.notFound');
    }
    expect((await t.get(`/api/children/${child.id}/archive`)).statusCode).toBe(401);
    expect((await t.get('/api/children/2147483000/archive', 'family')).statusCode).toBe(404);
  });
});
