import fs from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { children, examFiles, users } from '../../server/db/schema';
import { createAccount, createChild } from './support/activities';
import { multipart, pngImage } from './support/files';
import { DRIVERS, storedView, withS3 } from './support/s3';
import { glb, learnerFiles, nameOf } from './support/learnerFiles';
import { withApp } from './support/withApp';

/**
 * Uploaded files through the API on both storage drivers (docs/DEPLOY.md "Files"): the local folder, and an S3
 * bucket on s3rver started here. What is stored is looked at from outside the app (the folder on disk, the bucket
 * through its own S3 client); what is served keeps the token and scope checks and the same headers; and a deleted
 * learner or account leaves no file behind (server/services/erasure.ts).
 */
const s3 = withS3();

describe.each(DRIVERS)('files on the %s driver', (driver) => {
  let bucket: string | undefined;
  const t = withApp(async () => (driver === 's3' ? { env: s3().env((bucket = await s3().createBucket())) } : {}));
  const stored = () =>
    storedView(driver, { dataDir: t.config.dataDir, s3: driver === 's3' ? s3() : undefined, bucket });
  const { addChild, sendStage, learnerWithFiles } = learnerFiles(t);

  it('is the configured driver, and stores under the keys the uploads have always had', async () => {
    expect(t.app.storage.objects.driver).toBe(driver);
    const { photo } = await addChild('family', 'Rania');
    expect(await stored().keys('photos/')).toEqual(
      expect.arrayContaining([`photos/${photo}`, `photos/thumbs/${photo}`]),
    );
    if (driver === 's3') expect(fs.existsSync(path.join(t.config.dataDir, 'uploads'))).toBe(false); // nothing here
  });

  it('serves a photo with its headers to those who may see it, and no one else', async () => {
    const { photo } = await addChild('family', 'Salma');
    const url = `/api/files/photos/${photo}`;
    const res = await t.get(url, 'family');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['cache-control']).toBe('private, max-age=3600');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    const bytes = (await stored().bytes(`photos/${photo}`))!;
    expect(Number(res.headers['content-length'])).toBe(bytes.length);
    expect(res.rawPayload.equals(bytes)).toBe(true);
    expect((await t.get(url, 'admin')).statusCode).toBe(200);
    expect((await t.get(url, 'marker')).statusCode).toBe(404);
    expect((await t.get(url)).statusCode).toBe(401);
    expect((await t.get('/api/files/photos/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA.png', 'admin')).statusCode).toBe(404);
  });

  it("stores a test stage's drawing and model, and serves them and the thumbnail to the family only", async () => {
    const { id } = await addChild('family', 'Dalia');
    const files = await sendStage('family', id);
    const drawing = files.find((f) => f.kind === 'image')!;
    const model = files.find((f) => f.kind === 'model')!;
    const full = await t.get(`/api/exam/files/${drawing.id}`, 'family');
    expect(full.statusCode).toBe(200);
    expect(full.headers['content-type']).toBe('image/png');
    expect(full.headers['cache-control']).toBe('private, max-age=3600');
    expect(full.headers['x-content-type-options']).toBe('nosniff');
    expect(full.rawPayload.equals((await stored().bytes(`exams/${drawing.name}`))!)).toBe(true);
    const thumb = await t.get(`/api/exam/files/${drawing.id}?variant=thumb`, 'family');
    expect(thumb.statusCode).toBe(200);
    expect(thumb.rawPayload.equals((await stored().bytes(`exams/thumbs/${drawing.name}`))!)).toBe(true);
    expect(thumb.rawPayload.length).toBeLessThan(full.rawPayload.length);
    const served = await t.get(`/api/exam/files/${model.id}`, 'family');
    expect(served.headers['content-type']).toBe('model/gltf-binary');
    expect(served.rawPayload.equals(glb)).toBe(true);
    expect((await stored().bytes(`exam-models/${model.name}`))!.equals(glb)).toBe(true);
    expect((await t.get(`/api/exam/files/${drawing.id}`, 'marker')).statusCode).toBe(404);
    expect((await t.get(`/api/exam/files/${drawing.id}`)).statusCode).toBe(401);

    // a file its row names but storage lacks: 404, not an error
    await t.app.storage.objects.delete(`exams/thumbs/${drawing.name}`);
    expect((await t.get(`/api/exam/files/${drawing.id}?variant=thumb`, 'family')).statusCode).toBe(404);
    expect((await t.get(`/api/exam/files/${drawing.id}`, 'family')).statusCode).toBe(200);
  });

  it("a deleted child leaves no file behind, and the family's other child keeps theirs", async () => {
    const gone = await learnerWithFiles('family', 'Mona');
    const kept = await learnerWithFiles('family', 'Nour');
    const before = await stored().keys();
    expect(before).toEqual(expect.arrayContaining([...gone.keys, ...kept.keys]));

    const res = await t.delete(`/api/users/delete/child/${gone.id}`, 'family');
    expect(res.statusCode).toBe(200);
    await t.app.jobs.drain(); // the files are removed by an erase-files job
    expect(await stored().keys()).toEqual(before.filter((key) => !gone.keys.includes(key)));
    expect(await t.db.select().from(children).where(eq(children.id, gone.id))).toEqual([]);
    expect((await t.get(`/api/files/photos/${gone.photo}`, 'family')).statusCode).toBe(404);
  });

  it('a deleted account leaves no file behind: its photo, and every file of its children', async () => {
    const email = `erased-${driver}@storage.test`;
    const userId = await createAccount(t.db, 'student', email);
    t.keep('erased', await t.signIn(email));
    const photoForm = multipart({}, { name: 'image', filename: 'p.png', data: await pngImage(120, 120, '#884422') });
    const photo = await t.inject({
      method: 'POST',
      url: `/api/users/update_photo/${userId}`,
      payload: photoForm.body,
      headers: photoForm.headers,
      as: 'erased',
    });
    expect(photo.statusCode, photo.body).toBe(200);
    const own = nameOf(photo.json().user.photo);
    const first = await learnerWithFiles('erased', 'Hala');
    const second = await learnerWithFiles('erased', 'Omar');
    const others = await learnerWithFiles('family', 'Sami');
    const gone = [`photos/${own}`, `photos/thumbs/${own}`, ...first.keys, ...second.keys];
    const before = await stored().keys();
    expect(before).toEqual(expect.arrayContaining([...gone, ...others.keys]));

    const res = await t.delete(`/api/users/delete/${userId}`, 'admin');
    expect(res.statusCode, res.body).toBe(200);
    await t.app.jobs.drain(); // the files are removed by an erase-files job
    expect(await stored().keys()).toEqual(before.filter((key) => !gone.includes(key)));
    expect(await stored().keys()).toEqual(expect.arrayContaining(others.keys));
  });

  it("a school's own learner removed by the school leaves no file behind", async () => {
    const [admin] = await t.db
      .select({ schoolId: users.schoolId })
      .from(users)
      .where(eq(users.id, await t.userId('school')));
    const pupil = await createChild(t.db, null, 'Ziad', { schoolId: admin.schoolId });
    const photo = await t.app.storage.saveImage('photos', await pngImage(90, 90));
    const drawing = await t.app.storage.saveImage('exams', await pngImage(90, 60));
    await t.db.update(children).set({ image: photo }).where(eq(children.id, pupil));
    await t.db.insert(examFiles).values({ kind: 'image', name: drawing, childId: pupil });
    const keys = [`photos/${photo}`, `photos/thumbs/${photo}`, `exams/${drawing}`, `exams/thumbs/${drawing}`];
    const before = await stored().keys();
    expect(before).toEqual(expect.arrayContaining(keys));

    const res = await t.post(`/api/schools/delete/student/${pupil}`, undefined, 'school');
    expect(res.statusCode, res.body).toBe(200);
    await t.app.jobs.drain(); // the files are removed by an erase-files job
    expect(await stored().keys()).toEqual(before.filter((key) => !keys.includes(key)));
  });
});
