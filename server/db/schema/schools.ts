import { index, integer, pgTable, serial, varchar } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';

export const regions = pgTable('regions', {
  id: serial('id').primaryKey(),
  name: varchar('name', { length: 255 }).notNull(),
  createdAt: createdAt(),
});

export const schools = pgTable('schools', {
  id: serial('id').primaryKey(),
  regionId: integer('region_id').notNull().references(() => regions.id),
  name: varchar('name', { length: 255 }).notNull(),
  createdAt: createdAt(),
}, (t) => [index('schools_region_idx').on(t.regionId)]);
