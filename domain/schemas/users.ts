import { z } from 'zod';
import { CHILD_GENDERS, CHILD_LANGUAGES, CHILD_SECOND_LANGUAGES, GENDER } from '../codes';
import { PERMISSION_NAMES } from '../permissions';
import { countryField, teacherFields } from './auth';
import { listQuerySchema } from './lists';
import { clearablePastDate, clearableText, codeOf, email, id, optionalCodeOf, optionalText, pastDate, requiredText } from './fields';

export const USER_ORDERABLE = ['id', 'name', 'email', 'created_at', 'type', 'country'] as const;
export const userListSchema = listQuerySchema(USER_ORDERABLE).extend({
  type: z.preprocess((v) => (v === '' || v === null ? undefined : v), z.coerce.number().int().min(0).max(3).optional()),
});

/** Edit user (SPEC.md §5): name, country and job title required; email correct. */
export const userEditSchema = z.object({
  name: requiredText(),
  email: email('app.validation.email'),
  country: countryField(),
  job_title: requiredText(),
  city: clearableText(),
  gender: z.preprocess((v) => (v === '' || v === null ? undefined : typeof v === 'string' ? Number(v) : v),
    z.number().int().refine((g) => ([GENDER.other, GENDER.male, GENDER.female] as number[]).includes(g), { error: 'app.validation.invalidChoice' }).optional()),
  birthdate: clearablePastDate(),
  mobile_no: clearableText(30),
  about_me: clearableText(2000),
  username: clearableText(100),
  ...Object.fromEntries(Object.entries(teacherFields).map(([k, v]) => [k, z.preprocess((x) => (x === '' || x === null ? undefined : x), v.optional())])),
});
export type UserEditInput = z.infer<typeof userEditSchema>;

/** Add or edit a child (SPEC.md §5): name, gender, birth date required; no future date. */
export const childSchema = z.object({
  name: requiredText(),
  gender: codeOf(CHILD_GENDERS),
  birthdate: pastDate(),
  country: optionalText(100),
  city: optionalText(),
  about_me: optionalText(2000),
  mobile_no: optionalText(30),
  language: optionalCodeOf(CHILD_LANGUAGES),
  second_language: optionalCodeOf(CHILD_SECOND_LANGUAGES),
});
export type ChildInput = z.infer<typeof childSchema>;

export const userSearchSchema = z.object({ search: z.string({ error: 'app.validation.required' }).trim().min(1, { error: 'app.validation.required' }).max(100) });

export const roleSchema = z.object({
  name: requiredText(60).regex(/^[a-z][a-z0-9_]*$/i, { error: 'app.validation.invalid' }),
  permissions: z.array(z.enum(PERMISSION_NAMES as [string, ...string[]], { error: 'app.validation.invalidChoice' })).default([]),
});

export const userRolesSchema = z.object({
  roles: z.array(id()).default([]),
  permissions: z.array(z.enum(PERMISSION_NAMES as [string, ...string[]], { error: 'app.validation.invalidChoice' })).default([]),
});

export const LOG_ORDERABLE = ['id', 'created_at'] as const;
export const logListSchema = listQuerySchema(LOG_ORDERABLE).extend({
  entity: z.enum(['user', 'role', 'permission', 'child', 'setting', 'region', 'school', 'school_class', 'seat_request', 'group']).optional(),
});
