import { eq, inArray, sql } from 'drizzle-orm';
import { USER_TYPE } from '../../domain/codes';
import { ROLE } from '../../domain/permissions';
import { textsIn, type TextLocale } from '../../domain/texts';
import { TEMPLATE_LOCALES, type Locale, type TemplateKind } from '../../domain/schools';
import { TEMPLATES } from '../../domain/templates';
import { studentRowSchema, teacherRowSchema, type StudentRow, type TeacherRow } from '../../domain/schemas/schools';
import type { Executor, Transaction } from '../db/client';
import { children, passwordResets, roles, schoolClasses, userRoles, users } from '../db/schema';
import { mailIn, mailLocales } from './mailText';
import { insertLearners } from './seats';
import { randomToken, sha256 } from './secrets';
import { readSheet, templateBuffer, validateRows, type CellError, type TemplateColumn } from '../adapters/xlsx';

/**
 * Bulk enrolment from the two templates (students, teachers): every row is
 * checked with the domain's zod schema, then against the file itself
 * (a national id or email twice) and the database (a class that does not
 * exist; a person already here is skipped, one of another school is an
 * error). The same file uploaded twice enrols nobody twice.
 */

/**
 * The template's columns in a language, every other language's header read as the same column; a phone or date
 * column is text-formatted with a note, in that language, on how to type it.
 */
export const templateColumns = (kind: TemplateKind, locale: Locale): TemplateColumn[] =>
  TEMPLATES[kind].map((c) => ({
    field: c.field,
    header: c.headers[locale],
    aliases: [...TEMPLATE_LOCALES.map((l) => c.headers[l]), ...(c.former ?? [])],
    ...(c.kind
      ? { kind: c.kind, note: textsIn(locale)(c.kind === 'date' ? 'template.note.date' : 'template.note.text') }
      : {}),
  }));

export const templateFile = (kind: TemplateKind, locale: Locale) =>
  templateBuffer(templateColumns(kind, locale), [], locale === 'ar');

interface Parsed<T> {
  rows: number;
  valid: { row: number; data: T }[];
  errors: CellError[];
  /** cells read that cannot be what the person meant (readSheet): reported, not refused */
  warnings: CellError[];
  letters: Record<string, string>;
}

async function parse<T>(
  kind: TemplateKind,
  file: Buffer,
  maxRows: number,
  schema: typeof studentRowSchema | typeof teacherRowSchema,
): Promise<Parsed<T>> {
  const { rows, letters, warnings } = await readSheet(file, templateColumns(kind, 'en'), maxRows);
  const { valid, errors } = validateRows(rows, letters, schema);
  return { rows: rows.length, valid: valid as { row: number; data: T }[], errors, warnings, letters };
}

export const parseStudents = (file: Buffer, maxRows: number) =>
  parse<StudentRow>('students', file, maxRows, studentRowSchema);
export const parseTeachers = (file: Buffer, maxRows: number) =>
  parse<TeacherRow>('teachers', file, maxRows, teacherRowSchema);

/** What an upload would do: rows to add, rows already here, and the wrong cells. */
export interface Plan<T> {
  fresh: { row: number; data: T }[];
  existing: number;
  errors: CellError[];
}

const cell = (letters: Record<string, string>, row: number, field: string, key: string): CellError => ({
  row,
  column: letters[field] ?? '',
  field,
  key,
});

/** Rows whose key appeared on an earlier row: an error on the later ones. */
function firstOccurrences<T>(
  rows: { row: number; data: T }[],
  keyOf: (d: T) => string,
  field: string,
  letters: Record<string, string>,
) {
  const seen = new Set<string>();
  const errors: CellError[] = [];
  const unique = rows.filter((r) => {
    const key = keyOf(r.data);
    if (seen.has(key)) {
      errors.push(cell(letters, r.row, field, 'app.import.duplicateInFile'));
      return false;
    }
    seen.add(key);
    return true;
  });
  return { unique, errors };
}

export interface StudentPlanRow extends StudentRow {
  classId: number | null;
}

export async function planStudents(
  db: Executor,
  schoolId: number,
  parsed: Parsed<StudentRow>,
): Promise<Plan<StudentPlanRow>> {
  const { unique, errors } = firstOccurrences(parsed.valid, (d) => d.national_id, 'national_id', parsed.letters);
  const classRows = await db
    .select({ id: schoolClasses.id, name: schoolClasses.name })
    .from(schoolClasses)
    .where(eq(schoolClasses.schoolId, schoolId));
  const classIds = new Map(classRows.map((c) => [c.name.trim().toLowerCase(), c.id]));
  const known = new Map<string, number | null>();
  for (let i = 0; i < unique.length; i += 1000) {
    const ids = unique.slice(i, i + 1000).map((r) => r.data.national_id);
    const rows = await db
      .select({ nationalId: children.nationalId, schoolId: children.schoolId })
      .from(children)
      .where(inArray(children.nationalId, ids));
    for (const r of rows) known.set(r.nationalId!, r.schoolId);
  }
  const fresh: Plan<StudentPlanRow>['fresh'] = [];
  let existing = 0;
  for (const { row, data } of unique) {
    const rowErrors: CellError[] = [];
    const classId = data.class ? classIds.get(data.class.toLowerCase()) : null;
    if (classId === undefined) rowErrors.push(cell(parsed.letters, row, 'class', 'app.import.unknownClass'));
    if (known.has(data.national_id)) {
      if (known.get(data.national_id) === schoolId) {
        existing += 1;
        continue;
      }
      rowErrors.push(cell(parsed.letters, row, 'national_id', 'app.import.nationalIdTaken'));
    }
    if (rowErrors.length) errors.push(...rowErrors);
    else fresh.push({ row, data: { ...data, classId: classId ?? null } });
  }
  return { fresh, existing, errors };
}

/** Enrols the rows as learners of the school: all within its free seats or none (409, services/seats.ts). */
export async function insertStudents(tx: Transaction, schoolId: number, rows: StudentPlanRow[]): Promise<number[]> {
  const inserted = await insertLearners(
    tx,
    schoolId,
    rows.map((r) => ({
      name: r.name,
      nationalId: r.national_id,
      gender: r.gender,
      birthdate: r.birthdate,
      mobileNo: r.mobile_no ?? null,
      classId: r.classId,
    })),
  );
  return inserted.map((r) => r.id);
}

export async function planTeachers(
  db: Executor,
  schoolId: number,
  parsed: Parsed<TeacherRow>,
): Promise<Plan<TeacherRow>> {
  const { unique, errors } = firstOccurrences(parsed.valid, (d) => d.email, 'email', parsed.letters);
  const known = new Map<string, { schoolId: number | null; type: number }>();
  for (let i = 0; i < unique.length; i += 1000) {
    const emails = unique.slice(i, i + 1000).map((r) => r.data.email);
    const rows = await db
      .select({ email: sql<string>`lower(${users.email})`, schoolId: users.schoolId, type: users.type })
      .from(users)
      .where(inArray(sql`lower(${users.email})`, emails));
    for (const r of rows) known.set(r.email, { schoolId: r.schoolId, type: r.type });
  }
  const fresh: Plan<TeacherRow>['fresh'] = [];
  let existing = 0;
  for (const r of unique) {
    const account = known.get(r.data.email);
    if (!account) fresh.push(r);
    else if (account.schoolId === schoolId && account.type === USER_TYPE.teacher) existing += 1;
    else errors.push(cell(parsed.letters, r.row, 'email', 'app.import.emailTaken'));
  }
  return { fresh, existing, errors };
}

/** How long the link a new teacher gets to choose a password works. */
export const WELCOME_LINK_MS = 7 * 24 * 60 * 60 * 1000;

/**
 * New teacher accounts without a usable password (the stored value is no
 * argon2 hash, so no password matches it) and, for each, a one-time link to
 * choose one: returned for mailing once the transaction has committed.
 */
export async function insertTeachers(tx: Executor, schoolId: number, rows: TeacherRow[]) {
  const [role] = await tx.select({ id: roles.id }).from(roles).where(eq(roles.key, ROLE.teacher));
  const created: { id: number; name: string; email: string; token: string }[] = [];
  for (let i = 0; i < rows.length; i += 500) {
    const inserted = await tx
      .insert(users)
      .values(
        rows.slice(i, i + 500).map((r) => ({
          name: r.name,
          email: r.email,
          passwordHash: `!unset:${randomToken(16)}`,
          type: USER_TYPE.teacher,
          approved: true,
          gender: r.gender,
          mobileNo: r.mobile_no ?? null,
          jobTitle: ROLE.teacher,
          schoolId,
        })),
      )
      .returning({ id: users.id, name: users.name, email: users.email });
    if (role) await tx.insert(userRoles).values(inserted.map((u) => ({ userId: u.id, roleId: role.id })));
    const withTokens = inserted.map((u) => ({ ...u, token: randomToken() }));
    await tx.insert(passwordResets).values(
      withTokens.map((u) => ({
        userId: u.id,
        tokenHash: sha256(u.token),
        expiresAt: new Date(Date.now() + WELCOME_LINK_MS),
      })),
    );
    created.push(...withTokens);
  }
  return created;
}

/**
 * The welcome mail of a teacher account made by a school: led by the language of the school admin who
 * enrolled the teacher (the school's working language), then a second language, since the teacher's own
 * is not known yet.
 */
export const welcomeMail = (
  account: { name: string; email: string; token: string },
  schoolName: string,
  base: string,
  locale: TextLocale,
) => ({
  to: account.email,
  ...mailIn(mailLocales(locale, false), (t) => ({
    subject: t('mail.welcome.subject'),
    lines: [
      t('mail.greeting', { name: account.name }),
      '',
      t('mail.welcome.body', { school: schoolName }),
      t('mail.welcome.open'),
      `${base}/reset-password/${account.token}`,
      '',
      t('mail.welcome.expiry', { smart_count: Math.round(WELCOME_LINK_MS / 86_400_000) }),
    ],
  })),
});
