import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { activities, examFiles } from '../../../server/db/schema';
import { createGroup } from './activities';
import { bank, form, stageEntries, type BankQuestion } from './exams';
import { multipart, pngImage } from './files';
import type { AppContext } from './withApp';

/** A small glTF binary model that the stage's model check accepts. */
export const glb = (() => {
  const chunk = Buffer.from(JSON.stringify({ asset: { version: '2.0' } }).padEnd(32, ' '));
  const header = Buffer.alloc(20);
  header.write('glTF', 0, 'latin1');
  header.writeUInt32LE(2, 4);
  header.writeUInt32LE(20 + chunk.length, 8);
  header.writeUInt32LE(chunk.length, 12);
  header.write('JSON', 16, 'latin1');
  return Buffer.concat([header, chunk]);
})();

/** The stored name at the end of a file's address. */
export const nameOf = (url: string) => url.split('?')[0].split('/').pop()!;

/**
 * Learners with stored files, made through the API of the test's app (the storage and erasure tests, the family's
 * archive): a profile photo, an activity's picture handed in to a group, a test stage's drawing and 3D model.
 */
export function learnerFiles(t: AppContext) {
  let questions: Record<string, BankQuestion[]> | undefined;

  /** Adds a family's child with a profile photo; answers its id and the photo's stored name. */
  async function addChild(who: string, name: string) {
    const body = multipart(
      { name, gender: '2', birthdate: '2017-04-04' },
      { name: 'image', filename: 'p.png', data: await pngImage(300, 200) },
    );
    const res = await t.inject({
      method: 'POST',
      url: '/api/users/add/child',
      payload: body.body,
      headers: body.headers,
      as: who,
    });
    expect(res.statusCode, res.body).toBe(201);
    return { id: res.json().child.id as number, photo: nameOf(res.json().child.image) };
  }

  /** Sends the first stage of the pre-test's first challenge for a learner: a drawing, and a 3D model. */
  async function sendStage(who: string, childId: number) {
    questions ??= await bank(t.app, await t.token('family'));
    const entries = stageEntries(1, questions[1], [
      ['student_id', String(childId)],
      ['exam_type', '1'],
      ['challenge', '1'],
    ]);
    const body = form(
      entries,
      { name: 'img', filename: 'drawing.png', data: await pngImage(400, 300, '#aa3355') },
      { name: 'model', filename: 'model.glb', data: glb, type: 'model/gltf-binary' },
    );
    const res = await t.inject({
      method: 'POST',
      url: '/api/answers/add',
      payload: body.body,
      headers: body.headers,
      as: who,
    });
    expect(res.statusCode, res.body).toBe(201);
    return t.db.select().from(examFiles).where(eq(examFiles.childId, childId));
  }

  /** Hands in an activity with a picture for a learner of a group; answers the stored name. */
  async function handIn(who: string, childId: number, groupId: number) {
    const body = multipart(
      { child_id: String(childId), group_id: String(groupId), title: 'رسمة البيت' },
      { name: 'image', filename: 'photo.png', data: await pngImage(200, 150, '#33aa55') },
    );
    const res = await t.inject({
      method: 'POST',
      url: '/api/evaluation/add',
      payload: body.body,
      headers: body.headers,
      as: who,
    });
    expect(res.statusCode, res.body).toBe(201);
    const [row] = await t.db.select().from(activities).where(eq(activities.id, res.json().activity.id));
    return row.image!;
  }

  /**
   * Everything a learner of `who` has stored: profile photo, an activity's picture, a stage's drawing and model.
   * `originals` names each file's key, `keys` every key with the thumbnails.
   */
  async function learnerWithFiles(who: string, name: string) {
    const child = await addChild(who, name);
    const group = await createGroup(t.db, await t.userId('teacher'), `${name} group`, [child.id]);
    const activity = await handIn(who, child.id, group.id);
    const files = await sendStage(who, child.id);
    const drawing = files.find((f) => f.kind === 'image')!.name;
    const model = files.find((f) => f.kind === 'model')!.name;
    const originals = {
      photo: `photos/${child.photo}`,
      activity: `activities/${activity}`,
      drawing: `exams/${drawing}`,
      model: `exam-models/${model}`,
    };
    const thumbs = [`photos/thumbs/${child.photo}`, `activities/thumbs/${activity}`, `exams/thumbs/${drawing}`];
    return { ...child, originals, keys: [...Object.values(originals), ...thumbs].sort() };
  }

  return { addChild, sendStage, handIn, learnerWithFiles };
}
