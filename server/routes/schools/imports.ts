import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MAX_IMPORT_ROWS, type ImportMode, type TemplateKind } from '../../../domain/schools';
import { importFieldsSchema, templateQuerySchema } from '../../../domain/schemas/schools';
import type { Executor, Transaction } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { AppError, conflict, parseInput } from '../../errors';
import { actorOf } from '../../plugins/access';
import { lockSeats, seatsOf, targetSchool, type SchoolRow, type Seats } from '../../repositories/schools';
import { writeLog } from '../../services/audit';
import {
  insertStudents,
  insertTeachers,
  parseStudents,
  parseTeachers,
  planStudents,
  planTeachers,
  templateFile,
  welcomeMail,
  type Plan,
} from '../../services/enrolment';
import { requestLocale } from '../../services/mailText';
import { XLSX_MIME, type CellError } from '../../adapters/xlsx';
import { readForm } from '../multipart';
import { authErrors, errorOut } from '../schemas';
import { uniqueNationalId } from './students';
import { seatsOut } from './schemas';

const cellErrorOut = z.object({ row: z.number(), column: z.string(), field: z.string(), key: z.string() });
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
  seats: seatsOut,
});
type ImportReport = z.infer<typeof importReportOut>;

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
  parsed: { rows: number; errors: CellError[] },
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

/** The two enrolment templates and their uploads. */
export const importRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.db;

  // a template holds no data: any holder of admin_schools may download it
  const template =
    (kind: TemplateKind) =>
    async (request: FastifyRequest<{ Querystring: z.infer<typeof templateQuerySchema> }>, reply: FastifyReply) => {
      const file = await templateFile(kind, request.query.lang);
      return reply
        .header('content-type', XLSX_MIME)
        .header('content-disposition', 'attachment; filename="template.xlsx"')
        .header('cache-control', 'private, no-store')
        .send(file);
    };
  const templateRoute = {
    config: { access: 'admin_schools' as const },
    schema: { tags: ['imports'], querystring: templateQuerySchema, response: authErrors },
  };
  app.get('/schools/template/students', templateRoute, template('students'));
  app.get('/schools/template/teachers', templateRoute, template('teachers'));

  const response = {
    200: importReportOut,
    400: z.union([importReportOut, errorOut]),
    401: errorOut,
    403: errorOut,
    404: errorOut,
    409: errorOut,
    413: errorOut,
  };

  async function upload(request: FastifyRequest) {
    const form = await readForm(request);
    const fields = parseInput(importFieldsSchema, form.fields);
    if (!form.file) throw new AppError(400, 'app.import.fileRequired', { file: 'app.import.fileRequired' });
    const school = await targetSchool(db, actorOf(request), fields.school_id);
    return { mode: fields.mode, file: form.file.data, school };
  }

  app.post(
    '/schools/import/students',
    {
      config: { access: 'admin_schools' },
      schema: { tags: ['imports'], consumes: ['multipart/form-data'], response },
    },
    async (request, reply) => {
      const actor = actorOf(request);
      const { mode, file, school } = await upload(request);
      const parsed = await parseStudents(file, MAX_IMPORT_ROWS);
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
      request.log.info(
        {
          event: 'import.students',
          schoolId: school.id,
          mode,
          rows: parsed.rows,
          enrolled: result.report.enrolled,
          errors: result.report.errors.length,
        },
        'students imported',
      );
      return reply.code(result.status).send(result.report);
    },
  );

  app.post(
    '/schools/import/teachers',
    {
      config: { access: 'admin_schools' },
      schema: { tags: ['imports'], consumes: ['multipart/form-data'], response },
    },
    async (request, reply) => {
      const actor = actorOf(request);
      const { mode, file, school } = await upload(request);
      const parsed = await parseTeachers(file, MAX_IMPORT_ROWS);
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
      const base = app.config.publicUrl;
      for (const account of created)
        await app.mailer.send(welcomeMail(account, school.name, base, requestLocale(request)));
      request.log.info(
        {
          event: 'import.teachers',
          schoolId: school.id,
          mode,
          rows: parsed.rows,
          enrolled: result.report.enrolled,
          errors: result.report.errors.length,
        },
        'teachers imported',
      );
      return reply.code(result.status).send(result.report);
    },
  );
};
