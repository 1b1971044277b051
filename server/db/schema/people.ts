import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  index,
  integer,
  pgTable,
  serial,
  smallint,
  text,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns';
import { regions, schoolClasses, schools } from './schools';

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    name: varchar('name', { length: 255 }).notNull(),
    email: varchar('email', { length: 255 }).notNull(),
    username: varchar('username', { length: 100 }),
    passwordHash: text('password_hash').notNull(),
    type: smallint('type').notNull(),
    gender: smallint('gender'),
    birthdate: date('birthdate'),
    country: varchar('country', { length: 100 }),
    city: varchar('city', { length: 255 }),
    jobTitle: varchar('job_title', { length: 255 }),
    aboutMe: text('about_me'),
    mobileNo: varchar('mobile_no', { length: 30 }),
    photo: varchar('photo', { length: 100 }),
    removed: smallint('removed').notNull().default(0),
    // teacher fields
    degree: smallint('degree'),
    major: varchar('major', { length: 255 }),
    faculty: varchar('faculty', { length: 255 }),
    specialization: smallint('specialization'),
    grade: smallint('grade'),
    employment: smallint('employment'),
    experience: smallint('experience'),
    availableHours: smallint('available_hours'),
    employmentPlace: smallint('employment_place'),
    agreement: boolean('agreement').notNull().default(false),
    approved: boolean('approved').notNull().default(true),
    // guest fields
    ageGroup: smallint('age_group'),
    academicNumber: varchar('academic_number', { length: 50 }),
    // scope
    regionId: integer('region_id').references(() => regions.id),
    schoolId: integer('school_id').references(() => schools.id),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('users_email_unique').on(sql`lower(${t.email})`),
    index('users_type_idx').on(t.type),
    index('users_school_idx').on(t.schoolId),
    index('users_region_idx').on(t.regionId),
    // the users list's default order: its page read from the index (bench/lists.ts)
    index('users_name_idx').on(t.name, t.id),
    // the users search ("contains", ILIKE '%…%' on name or email: db/listing.ts searchCondition)
    // through trigram indexes (pg_trgm, created by migration 0014) instead of lower-casing every row
    index('users_name_trgm_idx').using('gin', t.name.op('gin_trgm_ops')),
    index('users_email_trgm_idx').using('gin', t.email.op('gin_trgm_ops')),
  ],
);

/** A learner: a child of a family, a school student, or a guest test-taker (docs/PRODUCT.md §3 "Learner"). */
export const children = pgTable(
  'children',
  {
    id: serial('id').primaryKey(),
    parentId: integer('parent_id').references(() => users.id, { onDelete: 'cascade' }),
    schoolId: integer('school_id').references(() => schools.id),
    name: varchar('name', { length: 255 }).notNull(),
    image: varchar('image', { length: 100 }),
    country: varchar('country', { length: 100 }),
    city: varchar('city', { length: 255 }),
    birthdate: date('birthdate'),
    gender: smallint('gender'),
    aboutMe: text('about_me'),
    preExam: boolean('pre_exam').notNull().default(false),
    mobileNo: varchar('mobile_no', { length: 30 }),
    language: varchar('language', { length: 5 }),
    secondLanguage: varchar('second_language', { length: 5 }),
    // a school student: class and national id (14 digits, unique)
    classId: integer('class_id').references(() => schoolClasses.id, { onDelete: 'set null' }),
    nationalId: varchar('national_id', { length: 14 }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('children_parent_idx').on(t.parentId),
    // a school's students by name (the school students list's order) and by school
    index('children_school_name_idx').on(t.schoolId, t.name, t.id),
    index('children_class_idx').on(t.classId),
    uniqueIndex('children_national_id_unique').on(t.nationalId),
  ],
);
