import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { children } from '../../server/db/schema';
import { jpegWithGps, multipart } from './support/files';
import { withApp } from './support/withApp';
import { makeFamily } from './support/teaching';
import sharp from 'sharp';

/** The add/edit child form of docs/PRODUCT.md §5 and §9, enforced on the server (domain childSchema). */
const t = withApp();
let family: string;
beforeAll(async () => {
  family = await t.signIn('family');
});

const add = (payload: object, token = family) =>
  t.inject({ method: 'POST', url: '/api/users/add/child', token, payload });
const tomorrow = () => new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);

describe('add and edit a child', () => {
  it('requires name, gender and birth date, refuses a future date, and stores nothing', async () => {
    const before = await t.db.select().from(children);
    expect((await add({})).json().errors).toEqual({
      name: 'app.validation.required',
      gender: 'app.validation.required',
      birthdate: 'app.validation.required',
    });
    expect((await add({ name: 'Ziad', gender: 1, birthdate: tomorrow() })).json().errors).toEqual({
      birthdate: 'app.validation.futureDate',
    });
    expect((await add({ name: 'Ziad', gender: 5, birthdate: '2016-01-01', language: 'xx' })).json().errors).toEqual({
      gender: 'app.validation.invalidChoice',
      language: 'app.validation.invalidChoice',
    });
    expect(await t.db.select().from(children)).toHaveLength(before.length);
  });

  it("takes the specification's gender codes (0 boy, 2 girl) as well as 1 and 2, and stores 1 boy, 2 girl", async () => {
    const base = { birthdate: '2016-01-01' };
    const stored = async (id: number) => (await t.db.select().from(children).where(eq(children.id, id)))[0].gender;
    const boy = await add({ ...base, name: 'Spec Boy', gender: 0 });
    expect(boy.statusCode).toBe(201);
    expect(boy.json().child.gender).toBe(1);
    expect(await stored(boy.json().child.id)).toBe(1);
    const girl = await add({ ...base, name: 'Spec Girl', gender: 2 });
    expect(await stored(girl.json().child.id)).toBe(2);
    const usual = await add({ ...base, name: 'Usual Boy', gender: 1 });
    expect(await stored(usual.json().child.id)).toBe(1);
    // a multipart form sends "0"
    const form = multipart({ ...base, name: 'Form Boy', gender: '0' });
    const fromForm = await t.app.inject({
      method: 'POST',
      url: '/api/users/add/child',
      payload: form.body,
      headers: { ...form.headers, authorization: `Bearer ${family}` },
    });
    expect(fromForm.statusCode).toBe(201);
    expect(await stored(fromForm.json().child.id)).toBe(1);
    // editing with 0 stores 1 too
    const edited = await t.inject({
      method: 'PUT',
      url: `/api/users/edit/child/${girl.json().child.id}`,
      token: family,
      payload: { ...base, name: 'Spec Girl', gender: 0 },
    });
    expect(edited.json().child.gender).toBe(1);
    expect(await stored(girl.json().child.id)).toBe(1);
    // other codes are refused and store nothing
    const before = await t.db.select().from(children);
    for (const gender of [3, -1, 0.5, '', 'boy']) {
      const res = await add({ ...base, name: 'Nope', gender });
      expect(res.statusCode).toBe(400);
      expect(Object.keys(res.json().errors)).toEqual(['gender']);
    }
    expect((await add({ ...base, name: 'Nope', gender: 3 })).json().errors).toEqual({
      gender: 'app.validation.invalidChoice',
    });
    expect(await t.db.select().from(children)).toHaveLength(before.length);
  });

  it('gives a second language only when the child speaks one, different from the first', async () => {
    const base = { name: 'Ziad', gender: 1, birthdate: '2016-01-01', language: 'ar' };
    expect((await add({ ...base, speaks_second_language: true })).json().errors).toEqual({
      second_language: 'app.validation.secondLanguageRequired',
    });
    expect((await add({ ...base, speaks_second_language: false, second_language: 'en' })).json().errors).toEqual({
      second_language: 'app.validation.secondLanguageNotSpoken',
    });
    expect((await add({ ...base, second_language: 'ar' })).json().errors).toEqual({
      second_language: 'app.validation.secondLanguageSame',
    });
    const ok = await add({ ...base, speaks_second_language: true, second_language: 'de' });
    expect(ok.statusCode).toBe(201);
    expect(ok.json().child).toMatchObject({ name: 'Ziad', language: 'ar', second_language: 'de' });
    const id = ok.json().child.id;
    // editing with "does not speak one" clears it
    const edited = await t.inject({
      method: 'PUT',
      url: `/api/users/edit/child/${id}`,
      token: family,
      payload: { ...base, speaks_second_language: false },
    });
    expect(edited.json().child.second_language).toBeNull();
    const wrong = await t.inject({
      method: 'PUT',
      url: `/api/users/edit/child/${id}`,
      token: family,
      payload: { ...base, speaks_second_language: 'false', second_language: 'en' },
    });
    expect(wrong.json().errors).toEqual({ second_language: 'app.validation.secondLanguageNotSpoken' });
  });

  it('takes a multipart form with a photo: stored without any EXIF', async () => {
    const original = await jpegWithGps();
    expect((await sharp(original).metadata()).exif).toBeDefined();
    const body = multipart(
      { name: 'Photo Kid', gender: '2', birthdate: '2017-03-03', speaks_second_language: 'false' },
      { name: 'image', filename: 'p.jpg', data: original, type: 'image/jpeg' },
    );
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/users/add/child',
      payload: body.body,
      headers: { ...body.headers, authorization: `Bearer ${family}` },
    });
    expect(res.statusCode).toBe(201);
    const photo = await t.inject({ url: res.json().child.image, token: family });
    expect(photo.statusCode).toBe(200);
    expect(photo.headers['cache-control']).toContain('private');
    const meta = await sharp(photo.rawPayload).metadata();
    expect(meta.format).toBe('jpeg');
    expect(meta.exif).toBeUndefined();
  });

  it("deletes with 'Child deleted'; another family's child answers 404 and stays", async () => {
    const other = await makeFamily(t, 'children.other@demo.test', { name: 'Not Yours' });
    expect(
      (await t.inject({ method: 'DELETE', url: `/api/users/delete/child/${other.childId}`, token: family })).statusCode,
    ).toBe(404);
    expect((await t.inject({ url: `/api/children/${other.childId}`, token: family })).statusCode).toBe(404);
    expect(await t.db.select().from(children).where(eq(children.id, other.childId))).toHaveLength(1);
    const res = await t.inject({
      method: 'DELETE',
      url: `/api/users/delete/child/${other.childId}`,
      token: other.token,
    });
    expect(res.json()).toEqual({ message: 'Child deleted', key: 'app.notify.childDeleted' });
    expect(await t.db.select().from(children).where(eq(children.id, other.childId))).toEqual([]);
  });
});
