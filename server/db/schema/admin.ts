import { bigint, index, integer, jsonb, pgTable, serial, varchar } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns';
import { users } from './people';

/** Audit log: every change to a user, role or permission, with old and new values. */
export const logs = pgTable(
  'logs',
  {
    id: serial('id').primaryKey(),
    actorId: integer('actor_id').references(() => users.id, { onDelete: 'set null' }),
    /** the actor's name when the row was written: the log keeps who did it after the account is deleted */
    actorName: varchar('actor_name', { length: 255 }),
    action: varchar('action', { length: 50 }).notNull(),
    entity: varchar('entity', { length: 50 }).notNull(),
    entityId: integer('entity_id'),
    oldValue: jsonb('old_value'),
    newValue: jsonb('new_value'),
    createdAt: createdAt(),
  },
  (t) => [index('logs_entity_idx').on(t.entity, t.entityId)],
);

export const settings = pgTable('settings', {
  id: serial('id').primaryKey(),
  key: varchar('key', { length: 100 }).notNull().unique(),
  value: jsonb('value').notNull(),
  updatedAt: updatedAt(),
});

/**
 * Row counts kept exact by triggers (migration 0011_row_count_triggers.sql),
 * for the totals a platform-wide page shows of its largest tables: reading a
 * number instead of counting 500,000 rows per request (bench/lists.ts).
 * Names: `activities`, `activities.evaluated` (status not pending), `children`.
 * Server code reads them through server/db/rowCounts.ts.
 */
export const rowCounts = pgTable('row_counts', {
  name: varchar('name', { length: 50 }).primaryKey(),
  n: bigint('n', { mode: 'number' }).notNull(),
});
