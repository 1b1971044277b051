import { check, index, integer, pgTable, serial, smallint, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { createdAt } from './columns';

export const regions = pgTable('regions', {
  id: serial('id').primaryKey(),
  name: varchar('name', { length: 255 }).notNull(),
  createdAt: createdAt(),
});

export const schools = pgTable(
  'schools',
  {
    id: serial('id').primaryKey(),
    regionId: integer('region_id')
      .notNull()
      .references(() => regions.id),
    name: varchar('name', { length: 255 }).notNull(),
    city: varchar('city', { length: 255 }),
    address: varchar('address', { length: 255 }),
    createdAt: createdAt(),
  },
  (t) => [index('schools_region_idx').on(t.regionId)],
);

/** A class of a school: a name ("3 A") and a number (the school year, used as the level in reports). */
export const schoolClasses = pgTable(
  'school_classes',
  {
    id: serial('id').primaryKey(),
    schoolId: integer('school_id')
      .notNull()
      .references(() => schools.id, { onDelete: 'cascade' }),
    name: varchar('name', { length: 100 }).notNull(),
    number: smallint('number').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('school_classes_name_unique').on(t.schoolId, sql`lower(${t.name})`)],
);

/**
 * The seats a school may fill: the sum of its approved seat requests. Every
 * enrolment locks this row (SELECT ... FOR UPDATE) while it counts and inserts,
 * so concurrent enrolments never exceed it (docs/ARCHITECTURE.md §6 "Quotas and transactions").
 */
export const schoolQuotas = pgTable(
  'school_quotas',
  {
    schoolId: integer('school_id')
      .primaryKey()
      .references(() => schools.id, { onDelete: 'cascade' }),
    approvedSeats: integer('approved_seats').notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('school_quotas_seats_check', sql`${t.approvedSeats} >= 0`)],
);
