import { and, count, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { logListSchema, logOut } from '../../domain/schemas/users';
import type { Actor } from '../auth/actor';
import { logsInScope } from '../auth/scope';
import type { Executor } from '../db/client';
import { orderBy } from '../db/listing';
import { logs, users } from '../db/schema';

const ORDER = { id: logs.id, created_at: logs.createdAt };

const logColumns = {
  id: logs.id,
  actor_id: logs.actorId,
  actor_name: sql<string | null>`coalesce(${logs.actorName}, ${users.name})`,
  action: logs.action,
  entity: logs.entity,
  entity_id: logs.entityId,
  old_value: logs.oldValue,
  new_value: logs.newValue,
  created_at: logs.createdAt,
};
const presentLog = (r: { created_at: Date } & Record<string, unknown>) =>
  ({ ...r, created_at: r.created_at.toISOString() }) as z.infer<typeof logOut>;

/**
 * A page of the audit log rows about records in the actor's scope
 * (docs/SCOPE.md "The audit log"), of one entity when asked, sorted; with how many match.
 */
export async function logsOf(db: Executor, actor: Actor, f: z.output<typeof logListSchema>) {
  const where = and(logsInScope(actor), f.entity ? eq(logs.entity, f.entity) : undefined);
  const rows = await db
    .select(logColumns)
    .from(logs)
    .leftJoin(users, eq(users.id, logs.actorId))
    .where(where)
    .orderBy(orderBy(ORDER[f.order_by], f.order_direction))
    .limit(f.limit)
    .offset(f.offset);
  const [{ n }] = await db.select({ n: count() }).from(logs).where(where);
  return { logs: rows.map(presentLog), count: n };
}

/** One audit log row in the actor's scope, or null. */
export async function logFor(db: Executor, actor: Actor, id: number) {
  const [row] = await db
    .select(logColumns)
    .from(logs)
    .leftJoin(users, eq(users.id, logs.actorId))
    .where(and(eq(logs.id, id), logsInScope(actor)));
  return row ? presentLog(row) : null;
}
