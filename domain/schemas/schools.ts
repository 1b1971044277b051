import { z } from 'zod';
import { CHILD_GENDERS, NATIONAL_ID_LENGTH, TEACHER_GENDERS } from '../codes';
import { IMPORT_MODES, MAX_GROUP_ASSIGNMENT, MAX_SEATS_PER_REQUEST, SEAT_STATUS, TEMPLATE_LOCALES } from '../schools';
import {
  clearableText,
  codeOf,
  email,
  id,
  int,
  nameText,
  optionalNameText,
  optionalText,
  password,
  pastDate,
} from './fields';
import { listQuerySchema } from './lists';

/** Inputs of schools, regions, classes, teachers, students, groups, seats and reports (docs/api/schools.md). */

const blankToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);
/** An optional id (a filter, or the school an admin above the school acts on). */
const optionalId = () => z.preprocess(blankToUndefined, id().optional());

/** Arabic-Indic and Persian digits read as 0-9; spaces and dashes ignored. */
export const westernDigits = (value: string) =>
  value
    .replace(/[\u0660-\u0669]/g, (d) => String(d.charCodeAt(0) - 0x0660))
    .replace(/[\u06F0-\u06F9]/g, (d) => String(d.charCodeAt(0) - 0x06f0));

/** A national id: exactly 14 digits (docs/PRODUCT.md §5 "National id"). */
export const nationalId = () =>
  z.preprocess(
    (v) =>
      typeof v === 'number' && Number.isSafeInteger(v)
        ? String(v)
        : typeof v === 'string'
          ? westernDigits(v).replace(/[\s-]/g, '')
          : v,
    z
      .string({ error: 'app.validation.required' })
      .min(1, { error: 'app.validation.required' })
      .regex(new RegExp(`^\\d{${NATIONAL_ID_LENGTH}}$`), { error: 'app.validation.nationalId' }),
  );

const schoolRef = { school_id: optionalId() };

// ---- regions and schools ----

export const REGION_ORDERABLE = ['id', 'name', 'created_at'] as const;
export const regionListSchema = listQuerySchema(REGION_ORDERABLE);

export const SCHOOL_ORDERABLE = ['id', 'name', 'created_at'] as const;
export const schoolListSchema = listQuerySchema(SCHOOL_ORDERABLE).extend({ region_id: optionalId() });

const account = { name: nameText(), email: email('app.validation.email'), password: password() };

/** A region admin's account, for an existing region or a new one (region_name). */
export const regionAdminRegistrationSchema = z
  .object({
    ...account,
    region_id: optionalId(),
    region_name: optionalNameText(),
  })
  .refine((v) => v.region_id !== undefined || v.region_name !== undefined, {
    path: ['region_name'],
    error: 'app.validation.required',
  });
export type RegionAdminRegistration = z.infer<typeof regionAdminRegistrationSchema>;

/** A school admin's account, for an existing school or a new one (school_name, city, address). */
export const schoolAdminRegistrationSchema = z
  .object({
    ...account,
    school_id: optionalId(),
    school_name: optionalNameText(),
    city: optionalText(),
    address: optionalText(),
    /** the region of a new school, for a platform admin (a region admin's own region otherwise) */
    region_id: optionalId(),
  })
  .refine((v) => v.school_id !== undefined || v.school_name !== undefined, {
    path: ['school_name'],
    error: 'app.validation.required',
  });
export type SchoolAdminRegistration = z.infer<typeof schoolAdminRegistrationSchema>;

export const schoolUpdateSchema = z.object({ name: nameText(), city: clearableText(), address: clearableText() });

// ---- classes ----

export const classSchema = z.object({
  name: nameText(100),
  number: int().pipe(
    z.number().min(1, { error: 'app.validation.invalidNumber' }).max(20, { error: 'app.validation.invalidNumber' }),
  ),
  ...schoolRef,
});
export type ClassInput = z.infer<typeof classSchema>;
export const CLASS_ORDERABLE = ['number', 'name', 'id'] as const;
export const classListSchema = listQuerySchema(CLASS_ORDERABLE).extend(schoolRef);

// ---- students and teachers ----

export const studentSchema = z.object({
  name: nameText(),
  national_id: nationalId(),
  gender: codeOf(CHILD_GENDERS),
  birthdate: pastDate(),
  class_id: optionalId(),
  mobile_no: optionalText(30),
  ...schoolRef,
});
export type StudentInput = z.infer<typeof studentSchema>;

export const STUDENT_ORDERABLE = ['id', 'name', 'national_id', 'created_at'] as const;
/** status: 1 active (in an active group), 2 not active (in none), 3 hidden (only hidden memberships). */
export const studentListSchema = listQuerySchema(STUDENT_ORDERABLE).extend({
  ...schoolRef,
  class_id: optionalId(),
  group_id: optionalId(),
});
/** Students of the school who are not in the group (or, without group_id, in no group). */
export const notInGroupSchema = listQuerySchema(['name', 'id'] as const).extend({
  ...schoolRef,
  group_id: optionalId(),
  class_id: optionalId(),
});

export const teacherSchema = z.object({
  name: nameText(),
  email: email('app.validation.email'),
  password: password(),
  gender: codeOf(TEACHER_GENDERS),
  mobile_no: optionalText(30),
  ...schoolRef,
});
export type TeacherInput = z.infer<typeof teacherSchema>;
export const TEACHER_ORDERABLE = ['id', 'name', 'email', 'created_at'] as const;
export const teacherListSchema = listQuerySchema(TEACHER_ORDERABLE).extend(schoolRef);
export const schoolOnlySchema = z.object(schoolRef);

// ---- groups ----

export const GROUP_ORDERABLE = ['id', 'name', 'created_at'] as const;
export const groupListSchema = listQuerySchema(GROUP_ORDERABLE).extend(schoolRef);
export const studentsToGroupSchema = z.object({
  group_id: id(),
  student_ids: z
    .array(id(), { error: 'app.validation.required' })
    .min(1, { error: 'app.validation.required' })
    .max(MAX_GROUP_ASSIGNMENT, { error: 'app.validation.tooLong' }),
});
export const teacherToGroupSchema = z.object({ group_id: id(), teacher_id: id() });

// ---- seats ----

export const seatRequestSchema = z.object({
  seats: int().pipe(
    z
      .number()
      .min(1, { error: 'app.validation.invalidNumber' })
      .max(MAX_SEATS_PER_REQUEST, { error: 'app.validation.invalidNumber' }),
  ),
  note: optionalText(1000),
  ...schoolRef,
});
export const seatDecisionSchema = z.object({
  id: id(),
  status: z.preprocess(
    (v) => (typeof v === 'string' && v.trim() !== '' ? Number(v) : v),
    z.union([z.literal(SEAT_STATUS.approved), z.literal(SEAT_STATUS.declined)], {
      error: 'app.validation.invalidChoice',
    }),
  ),
  note: optionalText(1000),
});
export const SEAT_ORDERABLE = ['created_at', 'id', 'seats'] as const;
export const seatListSchema = listQuerySchema(SEAT_ORDERABLE).extend({ ...schoolRef, region_id: optionalId() });

// ---- reports ----

/** A report's page of groups (limit, offset) and, above the school, which school or region. */
export const reportSchema = z.object({
  limit: z.coerce.number({ error: 'app.validation.invalidNumber' }).int().min(1).max(100).default(20),
  offset: z.coerce.number({ error: 'app.validation.invalidNumber' }).int().min(0).default(0),
  ...schoolRef,
  region_id: optionalId(),
});

// ---- bulk enrolment ----

export const templateQuerySchema = z.object({ lang: z.enum(TEMPLATE_LOCALES).default('ar') });
export const importFieldsSchema = z.object({
  mode: z.enum(IMPORT_MODES, { error: 'app.validation.invalidChoice' }).default('check'),
  ...schoolRef,
});

/** A gender cell: the code (1, 2) or its word in one of the console's languages. */
const GENDER_WORDS: Record<string, number> = {
  m: 1,
  male: 1,
  boy: 1,
  ذكر: 1,
  ولد: 1,
  männlich: 1,
  junge: 1,
  homme: 1,
  garçon: 1,
  masculin: 1,
  f: 2,
  female: 2,
  girl: 2,
  أنثى: 2,
  انثى: 2,
  بنت: 2,
  weiblich: 2,
  mädchen: 2,
  femme: 2,
  fille: 2,
  féminin: 2,
};
const genderCell = (list: typeof CHILD_GENDERS) =>
  z.preprocess((v) => {
    if (typeof v !== 'string' || v.trim() === '') return v;
    const text = westernDigits(v).trim().toLowerCase();
    // a word we do not know is a wrong choice, not a missing one
    return GENDER_WORDS[text] ?? (/^\d+$/.test(text) ? Number(text) : -1);
  }, codeOf(list));

/** A row of the students template (every cell arrives as text). */
export const studentRowSchema = z.object({
  name: nameText(),
  national_id: nationalId(),
  gender: genderCell(CHILD_GENDERS),
  birthdate: pastDate(),
  class: optionalText(100),
  mobile_no: optionalText(30),
});
export type StudentRow = z.infer<typeof studentRowSchema>;

/** A row of the teachers template. */
export const teacherRowSchema = z.object({
  name: nameText(),
  email: email('app.validation.email'),
  gender: genderCell(TEACHER_GENDERS),
  mobile_no: optionalText(30),
});
export type TeacherRow = z.infer<typeof teacherRowSchema>;

// ---------------------------------------------------------------- Responses

/**
 * Response schemas of the schools area (docs/api/schools.md): the server's output allow-list, and the types the
 * console reads them as (src/dataProvider/schools.ts).
 */
const ref = z.object({ id: z.number(), name: z.string() });
export const personRef = ref.extend({ email: z.string() });

export const schoolOut = z.object({
  id: z.number(),
  name: z.string(),
  region_id: z.number(),
  region_name: z.string(),
  city: z.string().nullable(),
  address: z.string().nullable(),
  created_at: z.string(),
  students_count: z.number(),
  teachers_count: z.number(),
  groups_count: z.number(),
  classes_count: z.number(),
  seats_approved: z.number(),
  seats_used: z.number(),
  seats_free: z.number(),
  seats_pending: z.number(),
  admins: z.array(personRef),
});

export const regionOut = z.object({
  id: z.number(),
  name: z.string(),
  created_at: z.string(),
  schools_count: z.number(),
  students_count: z.number(),
  seats_approved: z.number(),
  admins: z.array(personRef),
});

export const classOut = z.object({
  id: z.number(),
  school_id: z.number(),
  name: z.string(),
  number: z.number(),
  students_count: z.number(),
  created_at: z.string(),
});

export const studentOut = z.object({
  id: z.number(),
  name: z.string(),
  national_id: z.string().nullable(),
  gender: z.number().nullable(),
  birthdate: z.string().nullable(),
  mobile_no: z.string().nullable(),
  school_id: z.number().nullable(),
  class_id: z.number().nullable(),
  class_name: z.string().nullable(),
  class_number: z.number().nullable(),
  parent_id: z.number().nullable(),
  groups: z.array(ref),
  created_at: z.string(),
});

export const teacherOut = z.object({
  id: z.number(),
  name: z.string(),
  email: z.string(),
  gender: z.number().nullable(),
  mobile_no: z.string().nullable(),
  removed: z.number(),
  school_id: z.number().nullable(),
  groups: z.array(ref),
  created_at: z.string(),
});

export const groupOut = z.object({
  id: z.number(),
  name: z.string(),
  school_id: z.number().nullable(),
  course_id: z.number().nullable(),
  course_name: z.string().nullable(),
  teacher_id: z.number().nullable(),
  teacher_name: z.string().nullable(),
  status: z.number(),
  students_count: z.number(),
  created_at: z.string(),
});

export const seatRequestOut = z.object({
  id: z.number(),
  school_id: z.number(),
  school_name: z.string(),
  region_id: z.number(),
  region_name: z.string(),
  seats: z.number(),
  note: z.string().nullable(),
  status: z.number(),
  region_status: z.number(),
  stage: z.enum(['region', 'admin', 'done']),
  requested_by: z.number().nullable(),
  requested_by_name: z.string().nullable(),
  region_decided_by_name: z.string().nullable(),
  region_decided_at: z.string().nullable(),
  region_note: z.string().nullable(),
  admin_decided_by_name: z.string().nullable(),
  admin_decided_at: z.string().nullable(),
  admin_note: z.string().nullable(),
  created_at: z.string(),
});

export const seatsOut = z.object({ approved: z.number(), used: z.number(), free: z.number() });

export const accountOut = z.object({
  id: z.number(),
  name: z.string(),
  email: z.string(),
  region_id: z.number().nullable(),
  school_id: z.number().nullable(),
});

/** What an enrolment upload did or would do (server/services/schoolImports.ts). */
export const cellErrorOut = z.object({ row: z.number(), column: z.string(), field: z.string(), key: z.string() });
export const importReportOut = z.object({
  message: z.string().optional(),
  key: z.string().optional(),
  mode: z.enum(['check', 'all', 'valid']),
  /** rows read (empty rows skipped) */
  total: z.number(),
  /** rows that can be enrolled now */
  valid: z.number(),
  /** rows already enrolled at this school (skipped) */
  existing: z.number(),
  enrolled: z.number(),
  errors: z.array(cellErrorOut),
  /** cells stored as read that cannot be what the person meant (a phone typed as a number, an ambiguous date cell) */
  warnings: z.array(cellErrorOut),
  seats: seatsOut,
});

/** A school's, a region's or the platform's dashboard (server/repositories/schoolReports.ts). */
export const reportCountsOut = z.object({
  schools_count: z.number(),
  students_count: z.number(),
  teacher_count: z.number(),
  course_count: z.number(),
  groups_count: z.number(),
  non_Active: z.number(),
  students_without_group: z.number(),
  task_count: z.number(),
  seat_count: z.number(),
  seats_pending: z.number(),
});

export const reportGroupOut = z.object({
  id: z.number(),
  name: z.string(),
  school_id: z.number().nullable(),
  school_name: z.string().nullable(),
  teacher_name: z.string().nullable(),
  course_name: z.string().nullable(),
  status: z.number(),
  students_count: z.number(),
});
export const breakdownOut = z.object({
  id: z.number(),
  name: z.string(),
  students_count: z.number(),
  seats_approved: z.number(),
  schools_count: z.number(),
});

export const reportOut = z.object({
  groups: z.array(reportGroupOut),
  count: z.number(),
  users_levels_chart: z.array(z.object({ level: z.number().nullable(), count: z.number() })),
  users_genders_chart: z.array(z.object({ gender: z.number().nullable(), count: z.number() })),
  counts: reportCountsOut,
  breakdown: z.array(breakdownOut),
  school: z.object({ id: z.number(), name: z.string(), region_id: z.number() }).optional(),
  region: z.object({ id: z.number(), name: z.string() }).optional(),
});
