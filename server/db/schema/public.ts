import { boolean, index, integer, jsonb, pgTable, serial, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import type { FormField, LocalizedText } from '../../../domain/schemas/public';
import { createdAt, updatedAt } from './columns';
import { users } from './people';

/** Kit orders from /order-neomi-kit (docs/PRODUCT.md §3 "Kit order"), stored before any mail is sent. */
export const kitOrders = pgTable(
  'kit_orders',
  {
    id: serial('id').primaryKey(),
    email: varchar('email', { length: 255 }).notNull(),
    entity: varchar('entity', { length: 255 }).notNull(),
    kitsNo: integer('kits_no').notNull(),
    contactName: varchar('contact_name', { length: 255 }).notNull(),
    phoneNumber: varchar('phone_number', { length: 30 }).notNull(),
    address: varchar('address', { length: 500 }).notNull(),
    comment: text('comment'),
    /** the language the visitor used */
    locale: varchar('locale', { length: 5 }),
    /** new, handled or cancelled (domain ORDER_STATUSES) */
    status: varchar('status', { length: 20 }).notNull().default('new'),
    /** the admin's note on the last change of status */
    note: text('note'),
    handledBy: integer('handled_by').references(() => users.id, { onDelete: 'set null' }),
    handledAt: timestamp('handled_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('kit_orders_status_idx').on(t.status, t.createdAt)],
);

/**
 * Every accepted send from a public page, by address, for the rate limit
 * and the proof-of-work challenge after repeated sends (kept for a day, then pruned).
 */
export const publicSends = pgTable(
  'public_sends',
  {
    id: serial('id').primaryKey(),
    ip: varchar('ip', { length: 64 }).notNull(),
    /** 'order' or 'form' */
    kind: varchar('kind', { length: 20 }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('public_sends_ip_idx').on(t.ip, t.createdAt)],
);

/** Questionnaires the admins define (e.g. "join the programme"); a published one is on the public page. */
export const forms = pgTable('forms', {
  id: serial('id').primaryKey(),
  title: jsonb('title').$type<LocalizedText>().notNull(),
  description: jsonb('description').$type<Partial<LocalizedText>>(),
  fields: jsonb('fields').$type<FormField[]>().notNull(),
  published: boolean('published').notNull().default(false),
  /** the next free number for field and option keys (f<n>, o<n>), so a key is never given twice */
  nextKey: integer('next_key').notNull().default(1),
  createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** The answers a visitor sent to a form, by field key, checked against the form's definition. */
export const formAnswers = pgTable(
  'form_answers',
  {
    id: serial('id').primaryKey(),
    formId: integer('form_id')
      .notNull()
      .references(() => forms.id, { onDelete: 'cascade' }),
    answers: jsonb('answers').$type<Record<string, unknown>>().notNull(),
    locale: varchar('locale', { length: 5 }),
    createdAt: createdAt(),
  },
  (t) => [index('form_answers_form_idx').on(t.formId, t.createdAt)],
);
