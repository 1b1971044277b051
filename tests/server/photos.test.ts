import { beforeAll, describe, expect, it } from 'vitest';
import { multipart, pngImage } from './support/files';
import { withApp } from './support/withApp';

/**
 * Photos of users and children (issue 9): served only to signed-in users
 * who may see that user or child; an unguessable name is not access control.
 */
const t = withApp();
let familyPhoto: string;
let childPhoto: string;
let teacherPhoto: string;

const upload = async (url: string, who: string, fields: Record<string, string> = {}) => {
  const form = multipart(fields, { name: 'image', filename: 'p.png', data: await pngImage() });
  return t.inject({
    method: 'POST',
    url,
    payload: form.body,
    headers: form.headers,
    as: who,
  });
};
const { get } = t;

beforeAll(async () => {
  familyPhoto = (await upload(`/api/users/update_photo/${await t.userId('family')}`, 'family')).json().user.photo;
  teacherPhoto = (await upload(`/api/users/update_photo/${await t.userId('teacher')}`, 'teacher')).json().user.photo;
  const child = await upload('/api/users/add/child', 'family', { name: 'Hana', gender: '2', birthdate: '2017-03-03' });
  childPhoto = child.json().child.image;
  expect(familyPhoto).toMatch(/^\/api\/files\/photos\//);
  expect(childPhoto).toMatch(/^\/api\/files\/photos\//);
});

describe('GET /api/files/photos/{name}', () => {
  it('answers 401 without a token', async () => {
    for (const url of [familyPhoto, childPhoto, teacherPhoto]) {
      const res = await get(url);
      expect(res.statusCode).toBe(401);
      expect(res.json().key).toBe('app.errors.unauthenticated');
    }
  });

  it("serves a user's photo to those who may see the user, privately", async () => {
    for (const who of ['family', 'admin', 'teacher']) {
      const res = await get(familyPhoto, who);
      expect(res.statusCode, who).toBe(200);
      expect(res.headers['content-type']).toBe('image/png');
      expect(res.headers['cache-control']).toMatch(/^private/);
    }
    for (const who of ['marker', 'school']) expect((await get(familyPhoto, who)).statusCode, who).toBe(404);
  });

  it("serves a child's photo to the family and those whose scope holds the child", async () => {
    expect((await get(childPhoto, 'family')).statusCode).toBe(200);
    expect((await get(childPhoto, 'admin')).statusCode).toBe(200);
    for (const who of ['marker', 'teacher', 'school', 'region'])
      expect((await get(childPhoto, who)).statusCode, who).toBe(404);
  });

  it("serves an approved teacher's photo to every signed-in user, as their card", async () => {
    for (const who of ['marker', 'family', 'school']) expect((await get(teacherPhoto, who)).statusCode, who).toBe(200);
  });

  it('answers 404 for a name nobody has', async () => {
    expect((await get('/api/files/photos/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA.png', 'admin')).statusCode).toBe(404);
    expect((await get('/api/files/photos/..%2F..%2Fetc%2Fpasswd', 'admin')).statusCode).toBe(404);
  });
});
