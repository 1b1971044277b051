import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { schoolQuotas } from '../../server/db/schema';
import { leaveFree, raceForSeats, schoolIdOf, studentsAt } from './support/seats';
import { withApp } from './support/withApp';

/**
 * Seats: a school admin asks, the region admin decides, then the platform
 * admin; approval grows the quota; a school never enrols past its quota,
 * even under 50 concurrent enrolments.
 */
const t = withApp();
const alexRegion = 'region.alex@demo.test';
let nileId: number;
let seaId: number;

beforeAll(async () => {
  nileId = await schoolIdOf(t, 'Nile Creative School');
  seaId = await schoolIdOf(t, 'مدرسة نسيم البحر');
});

const post = (as: string, url: string, payload: unknown = {}) =>
  t.inject({ method: 'POST', url: `/api/${url}`, as, payload });
const approvedSeats = async (schoolId: number) =>
  (
    await t.db.select({ n: schoolQuotas.approvedSeats }).from(schoolQuotas).where(eq(schoolQuotas.schoolId, schoolId))
  )[0].n;

describe('seat requests', () => {
  it('school → region → platform: approval adds the seats to the quota', async () => {
    const before = await approvedSeats(nileId);
    const asked = await post('school', 'schools/add/request', { seats: 12, note: 'فصل جديد' });
    expect(asked.statusCode).toBe(201);
    const req = asked.json().request;
    expect(req).toMatchObject({
      seats: 12,
      status: 0,
      region_status: 0,
      stage: 'region',
      school_id: nileId,
      requested_by_name: 'Salma School',
    });

    // the school admin holds no deciding permission; the platform admin must wait for the region
    expect((await post('school', 'schools/approve/region/request', { id: req.id, status: 1 })).statusCode).toBe(403);
    const early = await post('admin', 'schools/approve/admin/request', { id: req.id, status: 1 });
    expect(early.statusCode).toBe(409);
    expect(early.json().key).toBe('app.seats.errors.awaitingRegion');

    // the region admin sees it waiting, another region's admin does not and cannot decide it
    const waiting = await post('region', 'schools/get/requests');
    expect(waiting.json().requests.map((r: { id: number }) => r.id)).toContain(req.id);
    expect(
      (await post(alexRegion, 'schools/get/requests')).json().requests.map((r: { id: number }) => r.id),
    ).not.toContain(req.id);
    expect((await post(alexRegion, 'schools/approve/region/request', { id: req.id, status: 1 })).statusCode).toBe(404);

    const byRegion = await post('region', 'schools/approve/region/request', { id: req.id, status: 1, note: 'موافقة' });
    expect(byRegion.statusCode).toBe(200);
    expect(byRegion.json().request).toMatchObject({
      status: 0,
      region_status: 1,
      stage: 'admin',
      region_decided_by_name: 'Rami Region',
      region_note: 'موافقة',
    });
    expect(await approvedSeats(nileId)).toBe(before);
    expect((await post('region', 'schools/approve/region/request', { id: req.id, status: 2 })).json().key).toBe(
      'app.seats.errors.alreadyDecided',
    );
    // the platform admin's queue now has it; a region admin cannot take the platform step
    expect((await post('admin', 'schools/get/requests')).json().requests.map((r: { id: number }) => r.id)).toContain(
      req.id,
    );
    expect((await post('region', 'schools/approve/admin/request', { id: req.id, status: 1 })).statusCode).toBe(403);

    const final = await post('admin', 'schools/approve/admin/request', { id: req.id, status: 1 });
    expect(final.json().request).toMatchObject({ status: 1, stage: 'done', admin_decided_by_name: 'Nadia Admin' });
    expect(await approvedSeats(nileId)).toBe(before + 12);
    const again = await post('admin', 'schools/approve/admin/request', { id: req.id, status: 1 });
    expect(again.statusCode).toBe(409);
    expect(await approvedSeats(nileId)).toBe(before + 12);
  });

  it('a region decline ends the request and adds nothing', async () => {
    const before = await approvedSeats(nileId);
    const req = (await post('school', 'schools/add/request', { seats: 7 })).json().request;
    const declined = await post('region', 'schools/approve/region/request', { id: req.id, status: 2 });
    expect(declined.json().request).toMatchObject({ status: 2, region_status: 2, stage: 'done' });
    expect((await post('admin', 'schools/approve/admin/request', { id: req.id, status: 1 })).statusCode).toBe(409);
    expect(await approvedSeats(nileId)).toBe(before);
  });

  it('nobody decides their own request (403), whatever their permissions', async () => {
    const own = (await post('admin', 'schools/add/request', { seats: 3, school_id: nileId })).json().request;
    expect(own.requested_by_name).toBe('Nadia Admin');
    const refused = await post('admin', 'schools/approve/region/request', { id: own.id, status: 1 });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().key).toBe('app.seats.errors.ownRequest');
  });

  it('history is scoped: a school sees its own, a region its schools, guessed ids answer 404', async () => {
    const mine = await post('school', 'schools/get/history/requests', { limit: 100 });
    expect(mine.statusCode).toBe(200);
    expect(mine.json().count).toBeGreaterThan(3);
    expect(new Set(mine.json().requests.map((r: { school_id: number }) => r.school_id))).toEqual(new Set([nileId]));
    const statuses = new Set(
      (await post('admin', 'schools/get/history/requests', { limit: 100 }))
        .json()
        .requests.map((r: { status: number }) => r.status),
    );
    expect(statuses).toEqual(new Set([0, 1, 2]));
    const alexHistory = (await post(alexRegion, 'schools/get/history/requests', { limit: 100 })).json().requests;
    expect(alexHistory.length).toBeGreaterThan(0);
    expect(alexHistory.every((r: { region_name: string }) => r.region_name === 'منطقة الإسكندرية')).toBe(true);
    // another school's request: invisible and undecidable
    const seaRequest = alexHistory.find((r: { stage: string }) => r.stage === 'region');
    expect((await post('region', 'schools/approve/region/request', { id: seaRequest.id, status: 1 })).statusCode).toBe(
      404,
    );
    expect((await post('school', 'schools/get/history/requests', { school_id: seaId })).statusCode).toBe(404);
    expect((await post('school', 'schools/get/requests', { school_id: seaId })).statusCode).toBe(404);
    expect((await post('region', 'schools/get/history/requests', { school_id: seaId })).statusCode).toBe(404);
    const alexId = alexHistory[0].region_id;
    expect((await post('region', 'schools/get/history/requests', { region_id: alexId })).statusCode).toBe(404);
    expect((await post(alexRegion, 'schools/get/history/requests', { region_id: alexId })).statusCode).toBe(200);
    expect((await post('school', 'schools/add/request', { seats: 5, school_id: seaId })).statusCode).toBe(404);
    // a family or a teacher has no seats to see
    expect((await post('family', 'schools/get/history/requests')).statusCode).toBe(403);
  });

  it('refuses bad input with field errors and changes nothing', async () => {
    const res = await post('school', 'schools/add/request', { seats: 0 });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ seats: 'app.validation.invalidNumber' });
    const bad = await post('region', 'schools/approve/region/request', { id: 1, status: 0 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual({ status: 'app.validation.invalidChoice' });
  });
});

describe('seat quota under concurrency', () => {
  const student = (i: number) => ({
    name: `طالب ${i}`,
    national_id: String(40000000000000 + i),
    gender: (i % 2) + 1,
    birthdate: '2016-05-01',
  });

  it('50 concurrent enrolments at a school with 10 free seats: exactly 10 succeed, 40 answer 409 (a real proof only on PostgreSQL: PGlite has one connection)', async () => {
    const used = await leaveFree(t, nileId, 10);
    const answers = await raceForSeats(t, nileId, () =>
      Promise.all(Array.from({ length: 50 }, (_, i) => post('school', 'schools/add/student', student(i)))),
    );
    const codes = answers.map((a) => a.statusCode);
    expect(codes.filter((c) => c === 201)).toHaveLength(10);
    expect(codes.filter((c) => c === 409)).toHaveLength(40);
    expect(answers.find((a) => a.statusCode === 409)!.json().key).toBe('app.schools.errors.noFreeSeats');
    expect(await studentsAt(t, nileId)).toBe(used + 10);

    // one more is refused; a decline elsewhere changes nothing; freeing a seat lets one in
    expect((await post('school', 'schools/add/student', student(99))).statusCode).toBe(409);
    const one = answers.find((a) => a.statusCode === 201)!.json().student.id;
    expect((await post('school', `schools/delete/student/${one}`)).statusCode).toBe(200);
    expect((await post('school', 'schools/add/student', student(99))).statusCode).toBe(201);
    expect(await studentsAt(t, nileId)).toBe(used + 10);
  });
});
