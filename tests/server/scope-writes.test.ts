import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { accessTokens, children, logs, users } from '../../server/db/schema';
import { multipart, pngImage } from './support/files';
import { demo, withApp } from './support/withApp';

/**
 * Scope answers (issue 9): a write outside the caller's scope answers 404
 * like a read (docs/PRODUCT.md §6 "Scope"); only families and admins add children;
 * refusing a teacher takes the role and the sessions; a deleted user's
 * actions keep their author in the audit log.
 */
const t = withApp();
const ids: Record<string, number> = {};
beforeAll(async () => {
  for (const who of ['admin', 'region', 'school', 'teacher', 'family', 'marker'] as const) {
    await t.token(who);
    ids[who] = await t.userId(who);
  }
});

const profile = { name: 'Changed Name', email: demo.admin.email, country: 'EG', job_title: 'x' };

describe("writes outside the caller's scope", () => {
  it.each(['family', 'teacher', 'marker', 'school'])(
    "a %s editing someone else's profile gets 404, like a read, and nothing changes",
    async (who) => {
      const read = await t.inject({ url: `/api/users/show/${ids.admin}`, as: who });
      expect(read.statusCode).toBe(404);
      const write = await t.inject({
        method: 'PUT',
        url: `/api/users/save${ids.admin}`,
        as: who,
        payload: profile,
      });
      expect(write.statusCode).toBe(404);
      expect(write.json().key).toBe('app.errors.notFound');
      const form = multipart({}, { name: 'image', filename: 'a.png', data: await pngImage() });
      const photo = await t.inject({
        method: 'POST',
        url: `/api/users/update_photo/${ids.admin}`,
        payload: form.body,
        headers: form.headers,
        as: who,
      });
      expect(photo.statusCode).toBe(404);
      const [row] = await t.db.select().from(users).where(eq(users.id, ids.admin));
      expect(row).toMatchObject({ name: 'Nadia Admin', photo: null });
    },
  );

  it('a teacher gets 404 for a parent of their own student too: seeing is not changing', async () => {
    const res = await t.inject({
      method: 'PUT',
      url: `/api/users/save${ids.family}`,
      as: 'teacher',
      payload: { ...profile, email: demo.family.email },
    });
    expect(res.statusCode).toBe(404);
  });
});

describe('adding children', () => {
  const child = { name: 'Nour', gender: 2, birthdate: '2017-05-05' };

  it.each(['teacher', 'marker', 'school', 'region'])(
    'a %s cannot add a child (403) and nothing is stored',
    async (who) => {
      const before = await t.db.select().from(children);
      const res = await t.inject({ method: 'POST', url: '/api/users/add/child', as: who, payload: child });
      expect(res.statusCode).toBe(403);
      expect(await t.db.select().from(children)).toHaveLength(before.length);
    },
  );

  it('a family and an admin can', async () => {
    expect(
      (await t.inject({ method: 'POST', url: '/api/users/add/child', as: 'family', payload: child })).statusCode,
    ).toBe(201);
    expect(
      (await t.inject({ method: 'POST', url: '/api/users/add/child', as: 'admin', payload: child })).statusCode,
    ).toBe(201);
  });
});

describe('refusing an approved teacher', () => {
  it('takes the teacher role away and ends their sessions', async () => {
    const session = await t.signIn('teacher');
    const res = await t.inject({ method: 'POST', url: `/api/users/add/${ids.teacher}/0`, as: 'admin' });
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({ approved: false, roles: [] });
    expect((await t.inject({ url: '/api/me', token: session })).statusCode).toBe(401);
    const live = await t.db.select().from(accessTokens).where(eq(accessTokens.userId, ids.teacher));
    // the session signed in above is among them
    expect(live.length).toBeGreaterThan(0);
    expect(live.every((r) => r.revokedAt !== null)).toBe(true);
    // approved again, the role comes back
    const again = await t.inject({ method: 'POST', url: `/api/users/add/${ids.teacher}/1`, as: 'admin' });
    expect(again.json().user).toMatchObject({ approved: true, roles: ['teacher'] });
  });
});

describe('deleting a user', () => {
  it("keeps the name of the actor on their log rows, and the delete's row keeps no personal data", async () => {
    const email = 'temp-admin@example.test';
    const signup = await t.inject({
      method: 'POST',
      url: '/api/register',
      payload: {
        type: 0,
        gender: 1,
        name: 'Temp Helper',
        email,
        confirm_email: email,
        country: 'EG',
        city: 'Alexandria',
        mobile_no: '01234 567',
        birthdate: '1990-01-02',
        password: 'temp-pass-99',
        confirm_password: 'temp-pass-99',
      },
    });
    const helper = signup.json().user.id as number;
    const helperToken = signup.json().access_token as string;
    const added = await t.inject({
      method: 'POST',
      url: '/api/users/add/child',
      token: helperToken,
      payload: { name: 'Tamer', gender: 1, birthdate: '2018-01-01' },
    });
    expect(added.statusCode).toBe(201);

    const res = await t.inject({ method: 'DELETE', url: `/api/users/delete/${helper}`, as: 'admin' });
    expect(res.statusCode).toBe(200);

    const rows = await t.db.select().from(logs);
    const byHelper = rows.filter((r) => r.actorName === 'Temp Helper');
    expect(byHelper.map((r) => r.action).sort()).toEqual(['create', 'register']);
    expect(byHelper.every((r) => r.actorId === null)).toBe(true);
    const listed = await t.inject({ method: 'POST', url: '/api/logs', as: 'admin', payload: { limit: 100 } });
    const shown = listed
      .json()
      .logs.filter(
        (l: { entity_id: number; action: string; entity: string }) =>
          l.action === 'create' && l.entity === 'child' && l.entity_id === added.json().child.id,
      );
    expect(shown).toMatchObject([{ actor_id: null, actor_name: 'Temp Helper' }]);

    const [deletion] = rows.filter((r) => r.action === 'delete' && r.entity === 'user' && r.entityId === helper);
    expect(deletion.actorName).toBe('Nadia Admin');
    const kept = JSON.stringify(deletion);
    for (const personal of [email, 'Alexandria', '01234 567', '1990-01-02']) expect(kept).not.toContain(personal);
  });
});
