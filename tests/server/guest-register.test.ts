import { count, eq, like } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { children, rateLimits, users } from '../../server/db/schema';
import { TEMP_REGISTER_PER_HOUR } from '../../server/routes/exams/guests';
import { groupId } from './support/teaching';
import { leaveFree, schoolIdOf, studentsAt } from './support/seats';
import { withApp } from './support/withApp';

/**
 * Guests sign up through POST /register with type 3 as well as through POST /temp/register (docs/API.md "Auth"):
 * one service (server/services/testTakers.ts), two doors, with the same fields and limits, the same seat rule, the
 * same answer (the user with its id, a session, the learner, the report link) and one budget per address.
 */
const t = withApp();
let nileId: number;
let drawingA: number;
beforeAll(async () => {
  nileId = await schoolIdOf(t, 'Nile Creative School');
  drawingA = await groupId(t, 'Drawing A');
});

const door = (url: '/api/register' | '/api/temp/register', payload: Record<string, unknown>, extra = {}) =>
  t.inject({
    method: 'POST',
    url,
    payload: url === '/api/register' ? { type: 3, ...payload } : payload,
    ...extra,
  });
const accounts = async () => (await t.db.select({ n: count() }).from(users))[0].n;

describe('POST /register with type 3', () => {
  it("answers 201 with the guest user's id, a session, the learner and a report link, as /temp/register does", async () => {
    const res = await door('/api/register', { name: 'Guest Door', gender: 2, age_group: 3, language: 'ar' });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(Object.keys(body).sort()).toEqual(['access_token', 'report_link', 'student', 'user']);
    expect(body.user).toMatchObject({ name: 'Guest Door', type: 3 });
    expect(typeof body.user.id).toBe('number');
    expect(body.report_link).toMatch(/\/guest-report\/[A-Za-z0-9_-]{20,}$/);
    const [row] = await t.db.select().from(users).where(eq(users.id, body.user.id));
    expect(row).toMatchObject({ type: 3, ageGroup: 3 });
    const [learner] = await t.db.select().from(children).where(eq(children.id, body.student.id));
    expect(learner.parentId).toBe(body.user.id);
    // the session is the guest's: it reads its own test and nothing of the console
    expect((await t.inject({ url: '/api/me', token: body.access_token })).json().user.id).toBe(body.user.id);
    expect(
      (await t.inject({ method: 'POST', url: '/api/users', token: body.access_token, payload: {} })).statusCode,
    ).toBe(403);
    // the same fields through the other door give the same shape
    const other = await door('/api/temp/register', { name: 'Guest Temp', gender: 2, age_group: 3, language: 'ar' });
    expect(Object.keys(other.json()).sort()).toEqual(Object.keys(body).sort());
    expect(Object.keys(other.json().user).sort()).toEqual(Object.keys(body.user).sort());
  });

  it('refuses what /temp/register refuses, with the same field errors, and makes no account', async () => {
    const before = await accounts();
    for (const bad of [{ age_group: 99 }, { birthdate: '2999-01-01' }, { name: 'x'.repeat(300) }, { gender: 7 }]) {
      const viaRegister = await door('/api/register', bad);
      const viaTemp = await door('/api/temp/register', bad);
      expect(viaRegister.statusCode).toBe(400);
      expect(viaRegister.json().errors).toEqual(viaTemp.json().errors);
    }
    // a group needs a teacher who may enrol in it: 404 without one, as on the other door
    expect((await door('/api/register', { group_id: drawingA })).statusCode).toBe(404);
    expect(await accounts()).toBe(before);
    // a type that is none of 0, 1, 3 is refused
    expect((await t.inject({ method: 'POST', url: '/api/register', payload: { type: 2 } })).json().errors).toEqual({
      type: 'app.validation.invalidChoice',
    });
  });

  it('takes a seat of a school group like /temp/register: 409 noFreeSeats when the school is full', async () => {
    const used = await leaveFree(t, nileId, 1);
    const teacher = await t.token('teacher');
    const headers = { authorization: `Bearer ${teacher}` };
    const admitted = await door('/api/register', { name: 'Seat One', group_id: drawingA }, { headers });
    expect(admitted.statusCode).toBe(201);
    expect(admitted.json().student.school_id).toBe(nileId);
    expect(await studentsAt(t, nileId)).toBe(used + 1);
    const before = await accounts();
    const full = await door('/api/register', { name: 'Seat Two', group_id: drawingA }, { headers });
    expect(full.statusCode).toBe(409);
    expect(full.json().key).toBe('app.schools.errors.noFreeSeats');
    expect(await accounts()).toBe(before);
  });

  it('counts against the budget of /temp/register for the address, and answers 429 once it is spent', async () => {
    const remoteAddress = '10.88.4.2';
    const remaining = (res: { headers: Record<string, unknown> }) => Number(res.headers['x-ratelimit-remaining']);
    const first = await door('/api/temp/register', {}, { remoteAddress });
    expect(remaining(first)).toBe(TEMP_REGISTER_PER_HOUR - 1);
    const second = await door('/api/register', {}, { remoteAddress });
    expect(second.statusCode).toBe(201);
    expect(remaining(second)).toBe(TEMP_REGISTER_PER_HOUR - 2);
    const third = await door('/api/temp/register', {}, { remoteAddress });
    expect(remaining(third)).toBe(TEMP_REGISTER_PER_HOUR - 3);
    // the budget spent (the shared counter at its limit): both doors refuse, and nobody is registered
    await t.db
      .update(rateLimits)
      .set({ hits: TEMP_REGISTER_PER_HOUR })
      .where(like(rateLimits.key, `%temp/register|${remoteAddress}`));
    const before = await accounts();
    const refused = await door('/api/register', {}, { remoteAddress });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().key).toBe('app.errors.tooManyAttempts');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await door('/api/temp/register', {}, { remoteAddress })).statusCode).toBe(429);
    expect(await accounts()).toBe(before);
    // another address is not affected
    expect((await door('/api/register', {}, { remoteAddress: '10.88.4.3' })).statusCode).toBe(201);
  });

  it('leaves the family and teacher sign-up as it was: a password account, no report link', async () => {
    const res = await t.inject({
      method: 'POST',
      url: '/api/register',
      payload: {
        type: 0,
        gender: 1,
        name: 'Door Family',
        email: 'door-family@example.test',
        confirm_email: 'door-family@example.test',
        country: 'EG',
        password: 'password-1',
        confirm_password: 'password-1',
      },
    });
    expect(res.statusCode).toBe(201);
    expect(Object.keys(res.json()).sort()).toEqual(['access_token', 'user']);
    const mismatch = await t.inject({
      method: 'POST',
      url: '/api/register',
      payload: { type: 1, email: 'a@example.test', confirm_email: 'b@example.test' },
    });
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json().errors.password).toBe('app.validation.required');
  });
});
