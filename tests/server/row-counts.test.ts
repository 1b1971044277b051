import { count, eq, inArray, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { countedRows } from '../../server/db/rowCounts';
import { activities, children } from '../../server/db/schema';
import { createChild } from './support/activities';
import { withApp } from './support/withApp';

/**
 * row_counts (migration 0012_row_count_triggers.sql) must equal count(*) after
 * every kind of change: bulk inserts, status updates, deletes, rolled-back
 * transactions and TRUNCATE; the overview and the activities list read them.
 */
const t = withApp();
let family: number;

const truth = async () => {
  const [a] = await t.db
    .select({
      total: count(),
      evaluated: sql<number>`cast(count(*) filter (where ${activities.status} <> 0) as integer)`,
    })
    .from(activities);
  const [c] = await t.db.select({ n: count() }).from(children);
  return { activities: a.total, 'activities.evaluated': a.evaluated, children: c.n };
};
const counters = () => countedRows(t.db, ['activities', 'activities.evaluated', 'children']);

beforeAll(async () => {
  family = await t.userId('family');
});

describe('row_counts', () => {
  it('starts equal to the seeded tables (the demo data has activities and children)', async () => {
    const now = await truth();
    expect(now.activities).toBeGreaterThan(0);
    expect(await counters()).toEqual(now);
  });

  it('follows bulk inserts, status changes and deletes', async () => {
    const child = await createChild(t.db, family, 'Counted');
    const before = await counters();
    const made = await t.db
      .insert(activities)
      .values([0, 0, 1, 2, 3].map((status, i) => ({ childId: child, title: `counted ${i}`, status })))
      .returning({ id: activities.id });
    expect(await counters()).toEqual({
      ...before,
      activities: before.activities + 5,
      'activities.evaluated': before['activities.evaluated'] + 3,
      children: before.children,
    });
    await t.db
      .update(activities)
      .set({ status: 1 })
      .where(
        inArray(
          activities.id,
          made.map((m) => m.id),
        ),
      );
    expect((await counters())['activities.evaluated']).toBe(before['activities.evaluated'] + 5);
    await t.db.update(activities).set({ status: 0 }).where(eq(activities.id, made[0].id));
    await t.db.delete(activities).where(
      inArray(
        activities.id,
        made.slice(1).map((m) => m.id),
      ),
    );
    expect(await counters()).toEqual(await truth());
    await t.db.delete(children).where(eq(children.id, child)); // its last activity goes with it (cascade)
    expect(await counters()).toEqual(await truth());
    expect((await counters()).children).toBe(before.children - 1);
  });

  it('is left as it was when the transaction rolls back', async () => {
    const before = await counters();
    await expect(
      t.db.transaction(async (tx) => {
        await tx.insert(children).values({ parentId: family, name: 'Never', gender: 1, birthdate: '2018-01-01' });
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await counters()).toEqual(before);
  });

  it('is what the admin overview and the unfiltered activities list show', async () => {
    const admin = await t.signIn('admin');
    const overview = (
      await t.inject({ method: 'POST', url: '/api/dashboard/counts', payload: {}, token: admin })
    ).json();
    const now = await truth();
    expect(overview).toMatchObject({
      evaluations: now.activities,
      evaluated: now['activities.evaluated'],
      students: now.children,
    });
    const list = await t.inject({
      method: 'POST',
      url: '/api/evaluation/activity',
      payload: { limit: 5 },
      token: admin,
    });
    expect(list.json().count).toBe(now.activities);
  });

  it('drops to zero on TRUNCATE', async () => {
    await t.db.execute(sql`truncate activities cascade`);
    expect(await counters()).toMatchObject({ activities: 0, 'activities.evaluated': 0 });
    expect(await counters()).toEqual(await truth());
  });
});
