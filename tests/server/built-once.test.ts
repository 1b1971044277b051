import { PgDialect } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { ROLE, type RoleKey } from '../../domain/permissions';
import type { Actor } from '../../server/auth/actor';
import { activitiesInScope, scopeKey, teacherActivityParts } from '../../server/auth/scope';
import { builtOnce, MAX_KEPT } from '../../server/db/builtOnce';
import type { Executor } from '../../server/db/client';

/** Queries built once per key (server/db/builtOnce.ts) and the key of an actor's scope. */
const handle = () => ({}) as Executor;

describe('builtOnce', () => {
  it('builds a key once per database handle', () => {
    const db = handle();
    let builds = 0;
    const build = () => ({ built: (builds += 1) });
    const first = builtOnce(db, 'a', build);
    expect(builtOnce(db, 'a', build)).toBe(first);
    expect(builtOnce(db, 'b', build)).not.toBe(first);
    expect(builtOnce(handle(), 'a', build)).not.toBe(first);
    expect(builds).toBe(3);
  });

  it(`keeps the ${MAX_KEPT} most recently used`, () => {
    const db = handle();
    const first = builtOnce(db, 'key 0', () => ({ n: 0 }));
    const second = builtOnce(db, 'key 1', () => ({ n: 1 }));
    for (let n = 2; n < MAX_KEPT; n += 1) builtOnce(db, `key ${n}`, () => ({ n }));
    expect(builtOnce(db, 'key 0', () => ({ n: -1 }))).toBe(first); // used again: now the most recent
    builtOnce(db, 'one more', () => ({ n: MAX_KEPT }));
    expect(builtOnce(db, 'key 0', () => ({ n: -1 }))).toBe(first);
    expect(builtOnce(db, 'key 1', () => ({ n: -1 }))).not.toBe(second); // the least recently used was dropped
  });
});

describe('scopeKey', () => {
  const actor = (id: number, roles: RoleKey[], place: Partial<Pick<Actor, 'regionId' | 'schoolId'>> = {}): Actor =>
    ({
      id,
      name: `user ${id}`,
      type: 1,
      regionId: null,
      schoolId: null,
      ...place,
      roles,
      permissions: new Set(),
      tokenId: 1,
    }) as Actor;
  const dialect = new PgDialect();
  const conditionsOf = (a: Actor) =>
    JSON.stringify(
      [activitiesInScope(a), ...(teacherActivityParts(a) ?? [])].map((condition) =>
        condition ? dialect.sqlToQuery(condition) : null,
      ),
    );

  it('is the same for two actors only when their scope conditions are the same SQL', () => {
    const actors = [
      actor(1, [ROLE.admin]),
      actor(2, [ROLE.admin]),
      actor(3, [ROLE.regionAdmin], { regionId: 1 }),
      actor(4, [ROLE.regionAdmin], { regionId: 2 }),
      actor(5, [ROLE.schoolAdmin], { schoolId: 1 }),
      actor(6, [ROLE.schoolAdmin], { schoolId: 2 }),
      actor(7, [ROLE.teacher]),
      actor(8, [ROLE.teacher]),
      actor(9, []),
      actor(10, []),
    ];
    for (const a of actors) {
      for (const b of actors) {
        if (scopeKey(a) === scopeKey(b)) expect(conditionsOf(a), `${a.id} and ${b.id}`).toBe(conditionsOf(b));
        else expect(conditionsOf(a), `${a.id} and ${b.id}`).not.toBe(conditionsOf(b));
      }
    }
    expect(scopeKey(actors[0])).toBe(scopeKey(actors[1])); // the platform: one key for every admin
  });
});
