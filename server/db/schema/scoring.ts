import { sql } from 'drizzle-orm';
import { check, foreignKey, index, integer, pgTable, serial, text, unique, varchar } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns';

/**
 * The category dictionary (docs/api/scoring.md, docs/SCORING.md).
 *
 * category_sets ─< categories ─< subcategories ─< category_words
 *
 * A set is the dictionary of one question (or challenge). The uniqueness
 * rule "one normalised form belongs to one subcategory per set" is the
 * unique index (set_id, normalised) of category_words. To make it hold,
 * every row carries its set_id, and composite foreign keys
 * (category_id, set_id) and (subcategory_id, set_id) make the set_id of a
 * word the set of its subcategory's category: a word cannot sit in one set
 * while counted in another.
 *
 * Counters: subcategories.answer_count is how many scored answers fell in
 * the subcategory (API: subcategory_counter). It is 0 until the exam area
 * stores answers; rescoring recomputes it in one statement from the
 * answers' subcategory_id, and category_counter is always the sum of its
 * subcategories' counters (computed in the query, never stored twice).
 */

export const categorySets = pgTable('category_sets', {
  id: serial('id').primaryKey(),
  /** a stable short name questions and seeds refer to (e.g. 'cup-uses'); optional */
  code: varchar('code', { length: 50 }).unique('category_sets_code_unique'),
  name: varchar('name', { length: 100 }).notNull().unique('category_sets_name_unique'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const categories = pgTable('categories', {
  id: serial('id').primaryKey(),
  setId: integer('set_id').notNull().references(() => categorySets.id),
  name: varchar('name', { length: 100 }).notNull(),
  /** incremented on every change: an edit based on an older version answers 409 */
  version: integer('version').notNull().default(1),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
}, (t) => [
  unique('categories_set_name_unique').on(t.setId, t.name),
  unique('categories_id_set_unique').on(t.id, t.setId),
]);

export const subcategories = pgTable('subcategories', {
  id: serial('id').primaryKey(),
  categoryId: integer('category_id').notNull(),
  setId: integer('set_id').notNull(),
  name: varchar('name', { length: 100 }).notNull(),
  answerCount: integer('answer_count').notNull().default(0),
  createdAt: createdAt(),
}, (t) => [
  foreignKey({ name: 'subcategories_category_fk', columns: [t.categoryId, t.setId], foreignColumns: [categories.id, categories.setId] }).onDelete('cascade'),
  unique('subcategories_category_name_unique').on(t.categoryId, t.name),
  unique('subcategories_id_set_unique').on(t.id, t.setId),
]);

export const categoryWords = pgTable('category_words', {
  id: serial('id').primaryKey(),
  subcategoryId: integer('subcategory_id').notNull(),
  setId: integer('set_id').notNull(),
  word: varchar('word', { length: 100 }).notNull(),
  language: varchar('language', { length: 2 }).notNull(),
  /** normaliseText(word) (domain/scoring/normalise.ts): what answers are compared with */
  normalised: text('normalised').notNull(),
  createdAt: createdAt(),
}, (t) => [
  foreignKey({ name: 'category_words_subcategory_fk', columns: [t.subcategoryId, t.setId], foreignColumns: [subcategories.id, subcategories.setId] }).onDelete('cascade'),
  unique('category_words_set_normalised_unique').on(t.setId, t.normalised),
  index('category_words_normalised_idx').on(t.normalised),
  index('category_words_subcategory_idx').on(t.subcategoryId),
  check('category_words_language_check', sql`${t.language} in ('ar', 'en', 'de', 'fr')`),
]);
