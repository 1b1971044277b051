import fs from 'node:fs';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { count, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { children, users } from '../../server/db/schema';
import { multipart } from './support/files';
import { groupId, makeFamily } from './support/teaching';
import { leaveFree, raceForSeats, schoolIdOf, studentsAt } from './support/seats';
import { withApp } from './support/withApp';

/**
 * One seat rule for every path (docs/api/schools.md "Seats", server/services/seats.ts):
 * whatever makes someone a learner of a school takes the school's seat lock and
 * refuses with 409 noFreeSeats once the approved seats are used; a learner of
 * no school (a guest without a school group, a family's child) counts nowhere.
 */
const t = withApp();
let nileId: number;
let drawingA: number;
let drawingB: number;

beforeAll(async () => {
  nileId = await schoolIdOf(t, 'Nile Creative School');
  [drawingA, drawingB] = [await groupId(t, 'Drawing A'), await groupId(t, 'Drawing B')];
});

const accounts = async () => (await t.db.select({ n: count() }).from(users))[0].n;
const learners = async () => (await t.db.select({ n: count() }).from(children))[0].n;

const register = (payload: Record<string, unknown>, as?: string) =>
  t.inject({ method: 'POST', url: '/api/temp/register', payload, as });
const expectNoFreeSeats = (res: { statusCode: number; json(): { key: string; errors?: unknown } }) => {
  expect(res.statusCode).toBe(409);
  expect(res.json()).toMatchObject({
    key: 'app.schools.errors.noFreeSeats',
    errors: { seats: 'app.schools.errors.noFreeSeats' },
  });
};

describe('on-the-spot registration into a school group takes a seat', () => {
  it('20 concurrent /temp/register into a school with 5 free seats admit exactly 5 and answer 409 noFreeSeats to 15 (the lock is proven on real PostgreSQL; PGlite has one connection and runs them one after another)', async () => {
    const used = await leaveFree(t, nileId, 5);
    const before = await accounts();

    const answers = await raceForSeats(t, nileId, () =>
      Promise.all(
        Array.from({ length: 20 }, (_, i) => register({ name: `تلميذ ${i}`, group_id: drawingA }, 'teacher')),
      ),
    );
    const codes = answers.map((a) => a.statusCode);
    expect(codes.filter((c) => c === 201)).toHaveLength(5);
    expect(codes.filter((c) => c === 409)).toHaveLength(15);
    for (const refused of answers.filter((a) => a.statusCode === 409)) expectNoFreeSeats(refused);
    for (const admitted of answers.filter((a) => a.statusCode === 201))
      expect(admitted.json().student.school_id).toBe(nileId);
    expect(await studentsAt(t, nileId)).toBe(used + 5);
    // a refused registration leaves nothing behind: no guest account either
    expect(await accounts()).toBe(before + 5);
  });

  it('into a full school: 409 noFreeSeats, no account and no learner made; a freed seat lets one in', async () => {
    const used = await leaveFree(t, nileId, 0);
    const [accountsBefore, learnersBefore] = [await accounts(), await learners()];
    expectNoFreeSeats(await register({ name: 'Late', group_id: drawingB }, 'teacher'));
    expect([await accounts(), await learners(), await studentsAt(t, nileId)]).toEqual([
      accountsBefore,
      learnersBefore,
      used,
    ]);
    await leaveFree(t, nileId, 1);
    const admitted = await register({ name: 'On time', group_id: drawingB }, 'teacher');
    expect(admitted.statusCode).toBe(201);
    expect(admitted.json().student.school_id).toBe(nileId);
    expect(await studentsAt(t, nileId)).toBe(used + 1);
  });

  it('a guest registered without a group stays outside any quota, even while the school is full', async () => {
    const used = await leaveFree(t, nileId, 0);
    for (const who of [undefined, 'teacher']) {
      const res = await register({ name: 'Free guest' }, who);
      expect(res.statusCode).toBe(201);
      expect(res.json().student.school_id).toBeNull();
    }
    expect(await studentsAt(t, nileId)).toBe(used);
  });
});

describe('every other path that makes a learner of a school refuses when it is full', () => {
  const student = (n: number) => ({
    name: `طالبة ${n}`,
    national_id: String(52000000000000 + n),
    gender: 2,
    birthdate: '2016-04-01',
  });

  it('/schools/add/student: 409 noFreeSeats, nothing saved', async () => {
    const used = await leaveFree(t, nileId, 0);
    expectNoFreeSeats(
      await t.inject({ method: 'POST', url: '/api/schools/add/student', as: 'school', payload: student(1) }),
    );
    expect(await studentsAt(t, nileId)).toBe(used);
  });

  it('the xlsx student import (modes all and valid): 409 noFreeSeats when the rows exceed the free seats, nothing saved', async () => {
    const res = await t.inject({ url: '/api/schools/template/students?lang=en', as: 'school' });
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    for (const n of [2, 3]) {
      const s = student(n);
      book.worksheets[0].addRow([s.name, s.national_id, s.gender, s.birthdate, '', '']);
    }
    const file = Buffer.from(await book.xlsx.writeBuffer());
    const upload = (mode: string) => {
      const form = multipart(
        { mode },
        {
          name: 'file',
          filename: 'students.xlsx',
          data: file,
          type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        },
      );
      return t.inject({
        method: 'POST',
        url: '/api/schools/import/students',
        as: 'school',
        payload: form.body,
        headers: form.headers,
      });
    };
    const used = await leaveFree(t, nileId, 1);
    for (const mode of ['all', 'valid']) expectNoFreeSeats(await upload(mode));
    expect(await studentsAt(t, nileId)).toBe(used);
    // with the seats, the same file enrols both
    await leaveFree(t, nileId, 2);
    const done = await upload('valid');
    expect(done.statusCode).toBe(200);
    expect(done.json()).toMatchObject({ enrolled: 2, seats: { approved: used + 2, used: used + 2, free: 0 } });
  });

  it("a family's child joining a school's group (promo code) is not made a learner of the school: no seat, no school", async () => {
    // group membership does not make a learner of a school (docs/api/schools.md "Seats"): the child stays its family's
    const used = await leaveFree(t, nileId, 0);
    const family = await makeFamily(t, 'seat.rule.family@demo.test');
    const joined = await t.inject({
      method: 'POST',
      url: `/api/groups/add/${drawingB}/1`,
      token: family.token,
      payload: { user_id: family.childId, promo_code: 'DRAWB2' },
    });
    expect(joined.statusCode).toBe(200);
    const [child] = await t.db.select().from(children).where(eq(children.id, family.childId));
    expect(child.schoolId).toBeNull();
    expect(await studentsAt(t, nileId)).toBe(used);
  });
});

describe('the rule is written once', () => {
  /** Server source files that run on requests (seed data and operator scripts aside). */
  function serverSources(dir = path.resolve('server')): string[] {
    return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
      const full = path.join(dir, e.name);
      const rel = path.relative(path.resolve('server'), full);
      if (e.isDirectory())
        return ['seed', 'scripts', path.join('db', 'migrations')].includes(rel) ? [] : serverSources(full);
      return e.name.endsWith('.ts') ? [full] : [];
    });
  }

  it('no server code but services/seats.ts inserts a learner, and no update gives a learner a school', () => {
    const files = serverSources();
    expect(files.length).toBeGreaterThan(50);
    const inserting: string[] = [];
    const schoolGiven: string[] = [];
    for (const file of files) {
      const source = fs.readFileSync(file, 'utf8');
      const rel = path.relative(process.cwd(), file);
      if (/\.insert\(\s*children\s*\)|insert\s+into\s+(\$\{\s*children\s*\}|"?children"?\s)/i.test(source))
        inserting.push(rel);
      // every drizzle update of children up to its where(): a school_id may only be cleared (leaving a school)
      for (const m of source.matchAll(/\.update\(\s*children\s*\)([\s\S]*?)\.where\(/g)) {
        if (/schoolId(?!\s*:\s*null\b)/.test(m[1])) schoolGiven.push(rel);
      }
      if (/update\s+(\$\{\s*children\s*\}|"?children"?)\s+set[^;`]*school_id/i.test(source)) schoolGiven.push(rel);
    }
    expect(inserting).toEqual([path.join('server', 'services', 'seats.ts')]);
    expect(schoolGiven).toEqual([]);
  });
});
