import { eq, sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { children, groups, loginAttempts, users } from '../../server/db/schema';
import { registerErrorHandler } from '../../server/plugins/errorHandler';
import { multipart, pngImage } from './support/files';
import { demo, withApp } from './support/withApp';

/**
 * Each kind of input that once ended in 500 (issue 9) now gets a 4xx with a
 * clear message and changes nothing.
 */
const t = withApp();

const send = (method: 'POST' | 'PUT' | 'DELETE', url: string, payload: unknown, as?: string) =>
  t.inject({ method, url, payload: payload as never, as });

describe('text with control characters', () => {
  it('a NUL byte in a name is refused with a field error, and nothing is saved', async () => {
    const id = await t.userId('family');
    const res = await send(
      'PUT',
      `/api/users/save${id}`,
      { name: 'Fatima\u0000', email: demo.family.email, country: 'EG', job_title: 'parent' },
      'family',
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ name: 'app.validation.invalidCharacters' });
    const [row] = await t.db.select({ name: users.name }).from(users).where(eq(users.id, id));
    expect(row.name).toBe('Fatima Family');
  });

  it('a NUL byte in search_text is refused', async () => {
    const res = await send('POST', '/api/users', { search_text: 'adm\u0000in' }, 'admin');
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ search_text: 'app.validation.invalidCharacters' });
    const query = await t.inject({ method: 'POST', url: '/api/users?search_text=a%00b', as: 'admin' });
    expect(query.statusCode).toBe(400);
  });

  it('a control character anywhere in a request is refused before any schema, even in a field no schema reads', async () => {
    for (const payload of [
      { unknown_field: 'a\u0000' },
      { deep: [{ deeper: '\u001b[2J' }] },
      { ['key\u0000']: 1 },
      { lone: '\ud800' },
    ]) {
      const res = await send('POST', '/api/users', payload, 'admin');
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(Object.values(res.json().errors)).toEqual(['app.validation.invalidCharacters']);
    }
    expect((await t.inject({ url: '/api/users/show/1?x=%07', as: 'admin' })).statusCode).toBe(400);
    // tabs and line breaks are text
    expect((await send('POST', '/api/users', { unknown_field: 'a\tb\nc' }, 'admin')).statusCode).toBe(200);
  });

  it("a bidi override in a child's name is refused", async () => {
    const res = await send(
      'POST',
      '/api/users/add/child',
      { name: 'Ali\u202egnp.exe', gender: 1, birthdate: '2016-01-01' },
      'family',
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ name: 'app.validation.invalidCharacters' });
  });
});

describe('impossible dates', () => {
  it.each(['2020-02-30', '0000-01-01', '1850-01-01'])('%s as a birth date is refused', async (birthdate) => {
    const before = await t.db.select({ n: sql<number>`count(*)::int` }).from(children);
    const res = await send('POST', '/api/users/add/child', { name: 'Omar', gender: 1, birthdate }, 'family');
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ birthdate: 'app.validation.invalidDate' });
    expect(await t.db.select({ n: sql<number>`count(*)::int` }).from(children)).toEqual(before);
  });
});

describe('long emails', () => {
  it('an email over 255 characters is too long, at sign-up and at login', async () => {
    const email = `${'a'.repeat(250)}@example.org`;
    const signup = await send('POST', '/api/register', {
      type: 0,
      gender: 1,
      name: 'Long',
      email,
      confirm_email: email,
      country: 'EG',
      password: 'password-1',
      confirm_password: 'password-1',
    });
    expect(signup.statusCode).toBe(400);
    expect(signup.json().errors.email).toBe('app.validation.tooLong');
    const attempts = await t.db.select({ n: sql<number>`count(*)::int` }).from(loginAttempts);
    const signin = await send('POST', '/api/login', { email, password: 'password-1' });
    expect(signin.statusCode).toBe(400);
    expect(signin.json().errors.email).toBe('app.validation.tooLong');
    expect(await t.db.select({ n: sql<number>`count(*)::int` }).from(loginAttempts)).toEqual(attempts);
  });
});

describe('integers beyond the column', () => {
  it.each([2 ** 31, 2 ** 63])('%d as an id in a body is refused', async (big) => {
    const res = await send('DELETE', '/api/users/delete/teacher', { id: big }, 'admin');
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ id: 'app.validation.invalidNumber' });
    const roles = await send(
      'PUT',
      `/api/user/roles/${await t.userId('marker')}`,
      { roles: [big], permissions: [] },
      'admin',
    );
    expect(roles.statusCode).toBe(400);
  });

  it('list pages beyond int4 are refused', async () => {
    expect((await send('POST', '/api/users', { offset: 2 ** 63 }, 'admin')).statusCode).toBe(400);
  });
});

describe('deleting a teacher who still owns records', () => {
  it('answers 409 with a clear message and keeps the teacher and the group', async () => {
    const teacherId = await t.userId('teacher');
    const owned = await t.db.select().from(groups).where(eq(groups.teacherId, teacherId));
    expect(owned.length).toBeGreaterThan(0);
    const res = await send('DELETE', `/api/users/delete/${teacherId}`, undefined, 'admin');
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      key: 'app.errors.inUse',
      message: 'This record is still used by other records: remove those first',
    });
    expect((await t.db.select().from(users).where(eq(users.id, teacherId))).length).toBe(1);
    expect(await t.db.select().from(groups).where(eq(groups.teacherId, teacherId))).toEqual(owned);
  });
});

describe('list bodies and types', () => {
  it.each(['"text"', '[]', '[{"limit":1}]', '42', 'null'])(
    'a list body %s that is not an object answers 400',
    async (payload) => {
      const res = await t.inject({
        method: 'POST',
        url: '/api/users',
        payload,
        headers: { 'content-type': 'application/json' },
        as: 'admin',
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().key).toBe('app.errors.badRequest');
    },
  );

  it('booleans are not numbers, and numbers are not booleans', async () => {
    for (const body of [{ limit: true }, { status: false }, { offset: [3] }]) {
      const res = await send('POST', '/api/users', body, 'admin');
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
    const email = 'numbers@example.test';
    const teacher = await send('POST', '/api/register', {
      type: 1,
      gender: 2,
      name: 'Rana',
      email,
      confirm_email: email,
      country: 'Oman',
      password: 'password-1',
      confirm_password: 'password-1',
      degree: 2,
      major: 'Math',
      faculty: 'Science',
      specialization: 4,
      grade: 2,
      employment: 1,
      experience: 4,
      available_hours: 20,
      employment_place: 2,
      agreement: 1,
    });
    expect(teacher.statusCode).toBe(400);
    expect(teacher.json().errors).toEqual({ agreement: 'app.validation.required' });
  });
});

describe('messages that say what is wrong', () => {
  it('a JSON body over the limit is "request too large", not the file-size message', async () => {
    const res = await t.inject({
      method: 'POST',
      url: '/api/users',
      payload: JSON.stringify({ search_text: 'x'.repeat(2 * 1024 * 1024) }),
      headers: { 'content-type': 'application/json' },
      as: 'admin',
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ key: 'app.errors.requestTooLarge', message: 'The request is too large' });
  });

  it('two files where one is allowed is a 400 that says so', async () => {
    const id = await t.userId('family');
    const png = await pngImage();
    const form = multipart(
      {},
      { name: 'image', filename: 'a.png', data: png },
      { name: 'image2', filename: 'b.png', data: png },
    );
    const res = await t.inject({
      method: 'POST',
      url: `/api/users/update_photo/${id}`,
      payload: form.body,
      headers: form.headers,
      as: 'family',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ key: 'app.errors.tooManyFiles', message: 'Please send one file only' });
    const [row] = await t.db.select({ photo: users.photo }).from(users).where(eq(users.id, id));
    expect(row.photo).toBeNull();
  });

  it('a search text too long says too long', async () => {
    const list = await send('POST', '/api/users', { search_text: 'x'.repeat(101) }, 'admin');
    expect(list.statusCode).toBe(400);
    expect(list.json()).toMatchObject({
      key: 'app.validation.tooLong',
      errors: { search_text: 'app.validation.tooLong' },
    });
    const search = await send('POST', '/api/user/search', { search: 'x'.repeat(101) }, 'admin');
    expect(search.statusCode).toBe(400);
    expect(search.json()).toMatchObject({
      key: 'app.validation.tooLong',
      errors: { search: 'app.validation.tooLong' },
    });
  });
});

describe('paths the router refuses', () => {
  it('an id longer than any key is not found, and a path that is not URL encoding is bad input, both with a message', async () => {
    const long = await t.inject({ url: `/api/users/show/${'9'.repeat(120)}`, as: 'admin' });
    expect(long.statusCode).toBe(404);
    expect(long.json().key).toBe('app.errors.notFound');
    const broken = await t.inject({ url: '/api/users/show/%E0%A4%A', as: 'admin' });
    expect(broken.statusCode).toBe(400);
    expect(broken.json().key).toBe('app.errors.badRequest');
  });
});

describe('the error handler maps database constraint errors', () => {
  /** Errors shaped as Drizzle throws them: a wrapper with the query and its parameters, the driver's error as cause. */
  const drizzleError = (code: string) =>
    Object.assign(new Error('Failed query: insert into users values ($1)\nparams: secret@example.org'), {
      query: 'insert into users values ($1)',
      params: ['secret@example.org'],
      cause: Object.assign(new Error('duplicate key'), {
        code,
        severity: 'ERROR',
        detail: 'Key (email)=(secret@example.org) already exists.',
      }),
    });

  it.each([
    ['23505', 'app.errors.duplicate', 'This record already exists'],
    ['23503', 'app.errors.inUse', 'This record is still used by other records: remove those first'],
  ])('code %s answers 409 %s', async (code, key, message) => {
    const app = Fastify({ logger: false });
    registerErrorHandler(app);
    app.get('/boom', async () => {
      throw drizzleError(code);
    });
    const res = await app.inject({ url: '/boom' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ key, message });
    await app.close();
  });
});
