import { index, integer, jsonb, pgTable, serial, varchar } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns';
import { users } from './people';

/** Audit log: every change to a user, role or permission, with old and new values. */
export const logs = pgTable('logs', {
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
}, (t) => [index('logs_entity_idx').on(t.entity, t.entityId)]);

export const settings = pgTable('settings', {
  id: serial('id').primaryKey(),
  key: varchar('key', { length: 100 }).notNull().unique(),
  value: jsonb('value').notNull(),
  updatedAt: updatedAt(),
});
