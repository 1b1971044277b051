import { sql } from 'drizzle-orm';
import {
  boolean, date, index, integer, jsonb, pgTable, primaryKey, serial, smallint, text, timestamp, uniqueIndex, varchar,
} from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

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

export const users = pgTable('users', {
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
}, (t) => [
  uniqueIndex('users_email_unique').on(sql`lower(${t.email})`),
  index('users_type_idx').on(t.type),
  index('users_school_idx').on(t.schoolId),
  index('users_region_idx').on(t.regionId),
]);

/** A learner: a child of a family, a school student, or a guest test-taker (DESIGN.md §6). */
export const children = pgTable('children', {
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
  createdAt: createdAt(),
  updatedAt: updatedAt(),
}, (t) => [index('children_parent_idx').on(t.parentId), index('children_school_idx').on(t.schoolId)]);

export const courses = pgTable('courses', {
  id: serial('id').primaryKey(),
  name: varchar('name', { length: 255 }).notNull(),
  description: text('description'),
  status: smallint('status').notNull().default(1),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const groups = pgTable('groups', {
  id: serial('id').primaryKey(),
  name: varchar('name', { length: 255 }).notNull(),
  courseId: integer('course_id').references(() => courses.id),
  teacherId: integer('teacher_id').references(() => users.id),
  schoolId: integer('school_id').references(() => schools.id),
  status: smallint('status').notNull().default(1),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
}, (t) => [index('groups_teacher_idx').on(t.teacherId), index('groups_school_idx').on(t.schoolId)]);

export const groupMembers = pgTable('group_members', {
  groupId: integer('group_id').notNull().references(() => groups.id, { onDelete: 'cascade' }),
  childId: integer('child_id').notNull().references(() => children.id, { onDelete: 'cascade' }),
  status: smallint('status').notNull().default(1),
  createdAt: createdAt(),
}, (t) => [primaryKey({ columns: [t.groupId, t.childId] }), index('group_members_child_idx').on(t.childId)]);

/** A child's activity handed in for evaluation (SPEC.md §3 "Activity"). */
export const activities = pgTable('activities', {
  id: serial('id').primaryKey(),
  childId: integer('child_id').notNull().references(() => children.id, { onDelete: 'cascade' }),
  courseId: integer('course_id').references(() => courses.id),
  name: varchar('name', { length: 255 }),
  title: varchar('title', { length: 255 }).notNull(),
  message: text('message'),
  feedback: text('feedback'),
  status: smallint('status').notNull().default(0),
  rate: smallint('rate'),
  teacherRate: smallint('teacher_rate'),
  grade: smallint('grade'),
  badgeId: smallint('badge_id').notNull().default(0),
  activityScore: smallint('activity_score'),
  originality: smallint('originality'),
  fluency: smallint('fluency'),
  flexibility: smallint('flexibility'),
  teacherId: integer('teacher_id').references(() => users.id),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
}, (t) => [index('activities_child_idx').on(t.childId)]);

export const permissions = pgTable('permissions', {
  id: serial('id').primaryKey(),
  name: varchar('name', { length: 100 }).notNull().unique(),
  groupName: varchar('group_name', { length: 100 }).notNull(),
});

export const roles = pgTable('roles', {
  id: serial('id').primaryKey(),
  name: varchar('name', { length: 60 }).notNull().unique(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const rolePermissions = pgTable('role_permissions', {
  roleId: integer('role_id').notNull().references(() => roles.id, { onDelete: 'cascade' }),
  permissionId: integer('permission_id').notNull().references(() => permissions.id, { onDelete: 'cascade' }),
}, (t) => [primaryKey({ columns: [t.roleId, t.permissionId] })]);

export const userRoles = pgTable('user_roles', {
  userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  roleId: integer('role_id').notNull().references(() => roles.id),
}, (t) => [primaryKey({ columns: [t.userId, t.roleId] })]);

export const userPermissions = pgTable('user_permissions', {
  userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  permissionId: integer('permission_id').notNull().references(() => permissions.id, { onDelete: 'cascade' }),
}, (t) => [primaryKey({ columns: [t.userId, t.permissionId] })]);

/** Opaque bearer tokens, stored as SHA-256 hashes, with idle and absolute expiry. */
export const accessTokens = pgTable('access_tokens', {
  id: serial('id').primaryKey(),
  userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  tokenHash: varchar('token_hash', { length: 64 }).notNull().unique(),
  createdAt: createdAt(),
  lastUsedAt: timestamp('last_used_at', { withTimezone: true }).notNull().defaultNow(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  revokedAt: timestamp('revoked_at', { withTimezone: true }),
}, (t) => [index('access_tokens_user_idx').on(t.userId)]);

/** Single-use password reset tokens (hashed). */
export const passwordResets = pgTable('password_resets', {
  id: serial('id').primaryKey(),
  userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  tokenHash: varchar('token_hash', { length: 64 }).notNull().unique(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
  createdAt: createdAt(),
});

/** Login attempts, for the per-account and per-address rate limit (shared by every API server). */
export const loginAttempts = pgTable('login_attempts', {
  id: serial('id').primaryKey(),
  email: varchar('email', { length: 255 }).notNull(),
  ip: varchar('ip', { length: 64 }).notNull(),
  succeeded: boolean('succeeded').notNull(),
  createdAt: createdAt(),
}, (t) => [index('login_attempts_email_idx').on(t.email, t.createdAt), index('login_attempts_ip_idx').on(t.ip, t.createdAt)]);

export const captchas = pgTable('captchas', {
  key: varchar('key', { length: 64 }).primaryKey(),
  answerHash: varchar('answer_hash', { length: 64 }).notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});

/** Audit log: every change to a user, role or permission, with old and new values. */
export const logs = pgTable('logs', {
  id: serial('id').primaryKey(),
  actorId: integer('actor_id').references(() => users.id, { onDelete: 'set null' }),
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
