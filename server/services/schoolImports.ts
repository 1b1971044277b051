import type { ImportMode } from '../../domain/schools';
import type { TextLocale } from '../../domain/texts';
import type { Mailer } from '../adapters/mailer';
import { type CellError } from '../adapters/xlsx';
import type { Actor } from '../auth/actor';
import type { Database, Executor, Transaction } from '../db/client';
import { isUniqueViolation } from '../db/errors';
import { conflict } from '../errors';
import { uniqueNationalId } from '../repositories/schoolStudents';
import { lockSeats, seatsOf, type SchoolRow, type Seats } from '../repositories/schools';
import { writeLog } from './audit';
import {
  insertStudents,
  insertTeachers,
  parseStudents,
  parseTeachers,
  planStudents,
  planTeachers,
  welcomeMail,
  type Plan,
} from './enrolment';

/** The xlsx uploads of a school's students and teachers (docs/api/schools.md "Bulk enrolment"). */

/** What an upload did or would do (domain/schemas/schools.ts importReportOut is its output allow-list). */
export interface ImportReport {
  message?: string;
  key?: string;
  mode: ImportMode;
  /** rows read (empty rows skipped) */
  total: number;
  /** rows that can be enrolled now */
  valid: number;
  /** rows already enrolled at this school (skipped) */
  existing: number;
  enrolled: number;
  errors: CellError[];
  /** cells that cannot be what the person meant (a phone typed as a number, a date cell whose day and month may be swapped) */
  warnings: CellError[];
  seats: Seats;
}

const sortErrors = (errors: CellError[]) =>
  [...errors].sort((a, b) => a.row - b.row || a.column.localeCompare(b.column));

/**
 * One upload: read and check every row; then, in one transaction that holds
 * the school's seat lock, check again against the database and enrol all
 * (only when no row is wrong) or only the valid rows.
 */
async function runImport<T>(
  db: Executor,
  school: SchoolRow,
  mode: ImportMode,
  parsed: { rows: number; errors: CellError[]; warnings: CellError[] },
  plan: (db: Executor) => Promise<Plan<T>>,
  insert: (tx: Transaction, rows: T[]) => Promise<number>,
  countsSeats: boolean,
): Promise<{ status: 200 | 400; report: ImportReport }> {
  const report = (p: Plan<T>, enrolled: number, seats: Seats): ImportReport => ({
    mode,
    total: parsed.rows,
    valid: p.fresh.length,
    existing: p.existing,
    enrolled,
    errors: sortErrors([...parsed.errors, ...p.errors]),
    warnings: sortErrors(parsed.warnings),
    seats,
  });
  const refused = (r: ImportReport) => ({
    status: 400 as const,
    report: { ...r, message: 'Some rows are not valid: nothing was saved', key: 'app.import.hasErrors' },
  });

  if (mode === 'check') return { status: 200, report: report(await plan(db), 0, await seatsOf(db, school.id)) };
  if (mode === 'all' && parsed.errors.length) {
    // wrong cells already: nothing to lock or save
    return refused(report(await plan(db), 0, await seatsOf(db, school.id)));
  }
  return db.transaction(async (tx) => {
    const seats = await lockSeats(tx, school.id);
    const p = await plan(tx);
    if (mode === 'all' && p.errors.length) return refused(report(p, 0, seats));
    // students are admitted by the seat rule (services/seats.ts): beyond the free seats 409, nothing saved
    const enrolled = p.fresh.length
      ? await insert(
          tx,
          p.fresh.map((r) => (r as { data: T }).data),
        )
      : 0;
    const after = countsSeats
      ? { ...seats, used: seats.used + enrolled, free: Math.max(0, seats.free - enrolled) }
      : seats;
    return { status: 200 as const, report: report(p, enrolled, after) };
  });
}

export interface ImportResult {
  status: 200 | 400;
  report: ImportReport;
  /** rows read from the file */
  rows: number;
}

/** Enrols the students of an uploaded file (within the free seats, 409 beyond them), or checks it (`check`). */
export async function importStudents(
  db: Database,
  actor: Actor,
  school: SchoolRow,
  mode: ImportMode,
  file: Buffer,
  maxRows: number,
): Promise<ImportResult> {
  const parsed = await parseStudents(file, maxRows);
  const result = await uniqueNationalId(() =>
    runImport(
      db,
      school,
      mode,
      parsed,
      (ex) => planStudents(ex, school.id, parsed),
      async (tx, rows) => {
        const ids = await insertStudents(tx, school.id, rows);
        await writeLog(tx, {
          actorId: actor.id,
          action: 'import_students',
          entity: 'school',
          entityId: school.id,
          newValue: { enrolled: ids.length, first_id: ids[0] ?? null, last_id: ids.at(-1) ?? null },
        });
        return ids.length;
      },
      true,
    ),
  );
  return { ...result, rows: parsed.rows };
}

/** Makes the teacher accounts of an uploaded file, then mails each one made (after the commit). */
export async function importTeachers(
  db: Database,
  mailer: Pick<Mailer, 'send'>,
  actor: Actor,
  school: SchoolRow,
  upload: { mode: ImportMode; file: Buffer; maxRows: number; publicUrl: string; locale: TextLocale },
): Promise<ImportResult> {
  const { mode } = upload;
  const parsed = await parseTeachers(upload.file, upload.maxRows);
  let created: Awaited<ReturnType<typeof insertTeachers>> = [];
  const result = await runImport(
    db,
    school,
    mode,
    parsed,
    (ex) => planTeachers(ex, school.id, parsed),
    async (tx, rows) => {
      created = await insertTeachers(tx, school.id, rows);
      await writeLog(tx, {
        actorId: actor.id,
        action: 'import_teachers',
        entity: 'school',
        entityId: school.id,
        newValue: { teachers: created.map((c) => c.id) },
      });
      return created.length;
    },
    false,
  ).catch((error) => {
    // an account made meanwhile with one of the emails: nothing was saved
    if (isUniqueViolation(error)) throw conflict('app.errors.emailTaken', { email: 'app.errors.emailTaken' });
    throw error;
  });
  // mail only what the committed transaction created
  for (const account of created) await mailer.send(welcomeMail(account, school.name, upload.publicUrl, upload.locale));
  return { ...result, rows: parsed.rows };
}
