import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MAX_IMPORT_ROWS, type TemplateKind } from '../../../domain/schools';
import { importFieldsSchema, importReportOut, templateQuerySchema } from '../../../domain/schemas/schools';
import { XLSX_MIME } from '../../adapters/xlsx';
import { AppError, parseInput } from '../../errors';
import { actorOf } from '../../plugins/access';
import { targetSchool } from '../../repositories/schools';
import { templateFile } from '../../services/enrolment';
import { requestLocale } from '../../services/mailText';
import { importStudents, importTeachers } from '../../services/schoolImports';
import { readForm } from '../multipart';
import { authErrors, errorOut } from '../schemas';

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
    config: { access: 'schools.manage' as const },
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
      config: { access: 'schools.manage' },
      schema: { tags: ['imports'], consumes: ['multipart/form-data'], response },
    },
    async (request, reply) => {
      const actor = actorOf(request);
      const { mode, file, school } = await upload(request);
      const result = await importStudents(db, actor, school, mode, file, MAX_IMPORT_ROWS);
      request.log.info(
        {
          event: 'import.students',
          schoolId: school.id,
          mode,
          rows: result.rows,
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
      config: { access: 'schools.manage' },
      schema: { tags: ['imports'], consumes: ['multipart/form-data'], response },
    },
    async (request, reply) => {
      const actor = actorOf(request);
      const { mode, file, school } = await upload(request);
      const result = await importTeachers(db, app.mailer, actor, school, {
        mode,
        file,
        maxRows: MAX_IMPORT_ROWS,
        publicUrl: app.config.publicUrl,
        locale: requestLocale(request),
      });
      request.log.info(
        {
          event: 'import.teachers',
          schoolId: school.id,
          mode,
          rows: result.rows,
          enrolled: result.report.enrolled,
          errors: result.report.errors.length,
        },
        'teachers imported',
      );
      return reply.code(result.status).send(result.report);
    },
  );
};
