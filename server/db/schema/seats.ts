import { check, index, integer, pgTable, serial, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { createdAt, updatedAt } from './columns';
import { users } from './people';
import { schools } from './schools';

/**
 * A school's request for more seats (SEAT_REQUEST_STATUSES: 0 pending,
 * 1 approved, 2 declined). The region admin decides first (region_status),
 * then the platform admin (status); approval adds the seats to the quota.
 */
export const seatRequests = pgTable(
  'seat_requests',
  {
    id: serial('id').primaryKey(),
    schoolId: integer('school_id')
      .notNull()
      .references(() => schools.id, { onDelete: 'cascade' }),
    seats: integer('seats').notNull(),
    note: text('note'),
    status: smallint('status').notNull().default(0),
    regionStatus: smallint('region_status').notNull().default(0),
    requestedBy: integer('requested_by').references(() => users.id, { onDelete: 'set null' }),
    regionDecidedBy: integer('region_decided_by').references(() => users.id, { onDelete: 'set null' }),
    regionDecidedAt: timestamp('region_decided_at', { withTimezone: true }),
    regionNote: text('region_note'),
    adminDecidedBy: integer('admin_decided_by').references(() => users.id, { onDelete: 'set null' }),
    adminDecidedAt: timestamp('admin_decided_at', { withTimezone: true }),
    adminNote: text('admin_note'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('seat_requests_school_idx').on(t.schoolId, t.createdAt),
    index('seat_requests_status_idx').on(t.status, t.regionStatus),
    check('seat_requests_seats_check', sql`${t.seats} > 0`),
  ],
);
