import type { LogAction, LogEntity } from '../../domain/logs';
import type { Executor } from '../db/client';
import { sql } from 'drizzle-orm';
import { logs, users } from '../db/schema';

const SECRET_FIELDS = new Set(['passwordHash', 'password', 'password_hash', 'tokenHash']);

/** A value fit for the log: secrets removed. */
export function loggable(value: unknown): unknown {
  if (value === null || value === undefined) return null;
  if (Array.isArray(value)) return value.map(loggable);
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value as Record<string, unknown>)
        .filter(([k]) => !SECRET_FIELDS.has(k))
        .map(([k, v]) => [k, loggable(v)]),
    );
  }
  return value;
}

/** Only what changed, so the log reads as a diff. */
export function changedFields(before: Record<string, unknown>, after: Record<string, unknown>) {
  const keys = Object.keys(after).filter(
    (k) => JSON.stringify(loggable(before[k])) !== JSON.stringify(loggable(after[k])),
  );
  return {
    old: Object.fromEntries(keys.map((k) => [k, before[k]])),
    new: Object.fromEntries(keys.map((k) => [k, after[k]])),
  };
}

export interface LogEntry {
  actorId: number | null;
  action: LogAction;
  entity: LogEntity;
  entityId: number | null;
  oldValue?: unknown;
  newValue?: unknown;
}

/** Writes an audit row; call it inside the transaction that makes the change. */
export async function writeLog(db: Executor, entry: LogEntry): Promise<void> {
  await db.insert(logs).values({
    actorId: entry.actorId,
    // the name as it is now: the row keeps its author after the account is deleted
    actorName:
      entry.actorId === null ? null : sql`(select ${users.name} from ${users} where ${users.id} = ${entry.actorId})`,
    action: entry.action,
    entity: entry.entity,
    entityId: entry.entityId,
    oldValue: loggable(entry.oldValue),
    newValue: loggable(entry.newValue),
  });
}
