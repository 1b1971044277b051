import { LOG_ENTITIES } from '../logs';
import { z } from 'zod';
import { CHILD_LANGUAGES, CHILD_SECOND_LANGUAGES, GENDER } from '../codes';
import { PERMISSION_NAMES } from '../permissions';
import { countryField, teacherFields } from './auth';
import { listQuerySchema } from './lists';
import {
  checkbox,
  currentPassword,
  clearablePastDate,
  clearableText,
  email,
  id,
  nameText,
  optionalCodeOf,
  optionalInt,
  optionalText,
  pastDate,
  requiredText,
  childGender,
} from './fields';

export const USER_ORDERABLE = ['id', 'name', 'email', 'created_at', 'type', 'country'] as const;
export const userListSchema = listQuerySchema(USER_ORDERABLE).extend({
  type: optionalInt({ min: 0, max: 3 }),
});

/** Edit user (docs/PRODUCT.md §5 "Edit user"): name, country and job title required; email correct. */
export const userEditSchema = z.object({
  name: nameText(),
  email: email('app.validation.email'),
  country: countryField(),
  job_title: requiredText(),
  city: clearableText(),
  gender: optionalInt().refine(
    (g) => g === undefined || ([GENDER.other, GENDER.male, GENDER.female] as number[]).includes(g),
    { error: 'app.validation.invalidChoice' },
  ),
  birthdate: clearablePastDate(),
  mobile_no: clearableText(30),
  about_me: clearableText(2000),
  username: clearableText(100),
  /** needed when users change their own email (the server says so with a field error) */
  current_password: z.preprocess((v) => (v === '' || v === null ? undefined : v), currentPassword().optional()),
  ...Object.fromEntries(
    Object.entries(teacherFields).map(([k, v]) => [
      k,
      z.preprocess((x) => (x === '' || x === null ? undefined : x), v.optional()),
    ]),
  ),
});
export type UserEditInput = z.infer<typeof userEditSchema>;

/**
 * Add or edit a child (docs/PRODUCT.md §5 "Add or edit a child"): name, gender, birth date required;
 * no future date; languages from docs/PRODUCT.md §9 "Codes". A second language is given
 * only when the child speaks one (speaks_second_language; when that flag
 * is absent, giving a second language says so), and differs from the first.
 */
export const childSchema = z
  .object({
    name: nameText(),
    gender: childGender(),
    birthdate: pastDate(),
    country: optionalText(100),
    city: optionalText(),
    about_me: optionalText(2000),
    mobile_no: optionalText(30),
    language: optionalCodeOf(CHILD_LANGUAGES),
    speaks_second_language: z.preprocess((v) => (v === '' || v === null ? undefined : v), checkbox().optional()),
    second_language: optionalCodeOf(CHILD_SECOND_LANGUAGES),
  })
  .superRefine((child, ctx) => {
    const speaks = child.speaks_second_language ?? child.second_language !== undefined;
    if (speaks && child.second_language === undefined) {
      ctx.addIssue({ code: 'custom', path: ['second_language'], message: 'app.validation.secondLanguageRequired' });
    } else if (!speaks && child.second_language !== undefined) {
      ctx.addIssue({ code: 'custom', path: ['second_language'], message: 'app.validation.secondLanguageNotSpoken' });
    } else if (child.second_language !== undefined && child.second_language === child.language) {
      ctx.addIssue({ code: 'custom', path: ['second_language'], message: 'app.validation.secondLanguageSame' });
    }
  });
export type ChildInput = z.infer<typeof childSchema>;

export const userSearchSchema = z.object({ search: requiredText(100, { singleLine: true }) });

export const roleSchema = z.object({
  name: nameText(60).regex(/^[a-z][a-z0-9_]*$/i, { error: 'app.validation.invalid' }),
  permissions: z
    .array(z.enum(PERMISSION_NAMES as [string, ...string[]], { error: 'app.validation.invalidChoice' }))
    .default([]),
});

export const userRolesSchema = z.object({
  roles: z.array(id()).default([]),
  permissions: z
    .array(z.enum(PERMISSION_NAMES as [string, ...string[]], { error: 'app.validation.invalidChoice' }))
    .default([]),
});

export const LOG_ORDERABLE = ['id', 'created_at'] as const;
export const logListSchema = listQuerySchema(LOG_ORDERABLE).extend({
  entity: z.enum(LOG_ENTITIES).optional(),
});

/* ------------------------------------------------------------------ responses */

/** An account as the API shows it (docs/API.md "User object"): every user call's output allow-list. */
export const userOut = z.object({
  id: z.number(),
  name: z.string(),
  email: z.string(),
  username: z.string().nullable(),
  type: z.number(),
  gender: z.number().nullable(),
  birthdate: z.string().nullable(),
  country: z.string().nullable(),
  city: z.string().nullable(),
  job_title: z.string().nullable(),
  about_me: z.string().nullable(),
  mobile_no: z.string().nullable(),
  photo: z.string().nullable(),
  removed: z.number(),
  approved: z.boolean(),
  created_at: z.string(),
  degree: z.number().nullable(),
  major: z.string().nullable(),
  faculty: z.string().nullable(),
  specialization: z.number().nullable(),
  grade: z.number().nullable(),
  employment: z.number().nullable(),
  experience: z.number().nullable(),
  available_hours: z.number().nullable(),
  employment_place: z.number().nullable(),
  region_id: z.number().nullable(),
  school_id: z.number().nullable(),
  roles: z.array(z.string()),
});
export type UserOut = z.infer<typeof userOut>;

/** The signed-in user with effective permissions (sign-in, GET /me, a guest's session). */
export const sessionUserOut = userOut.extend({ permissions: z.array(z.string()) });

/** The few fields anyone who may see a user is shown (GET /users/show/profile/{id}). */
export const userCardOut = userOut.pick({
  id: true,
  name: true,
  photo: true,
  gender: true,
  type: true,
  roles: true,
  removed: true,
});

/** A child as the API shows it (the family's and the child calls). */
export const childOut = z.object({
  id: z.number(),
  parent_id: z.number().nullable(),
  name: z.string(),
  gender: z.number().nullable(),
  birthdate: z.string().nullable(),
  country: z.string().nullable(),
  city: z.string().nullable(),
  about_me: z.string().nullable(),
  mobile_no: z.string().nullable(),
  language: z.string().nullable(),
  second_language: z.string().nullable(),
  image: z.string().nullable(),
});
export type ChildOut = z.infer<typeof childOut>;
export type SessionUserOut = z.infer<typeof sessionUserOut>;

/** The server's output allow-list of the roles calls (server/routes/roles/index.ts). */
export const roleOut = z.object({
  id: z.number(),
  name: z.string(),
  key: z.string().nullable(),
  permissions: z.array(z.string()),
  users_count: z.number(),
});

/** A user's roles, direct permissions and effective permissions (GET and PUT /user/roles/{id}). */
export const userAccessOut = z.object({
  roles: z.array(z.number()),
  permissions: z.array(z.string()),
  effective: z.array(z.string()),
});

/** One audit-log entry and one setting (server/routes/logs/index.ts; docs/API.md "Roles, logs, settings"). */
export const logOut = z.object({
  id: z.number(),
  actor_id: z.number().nullable(),
  actor_name: z.string().nullable(),
  action: z.string(),
  entity: z.string(),
  entity_id: z.number().nullable(),
  old_value: z.unknown(),
  new_value: z.unknown(),
  created_at: z.string(),
});
export const settingOut = z.object({ id: z.number(), key: z.string(), value: z.unknown() });
