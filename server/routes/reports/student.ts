import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CHALLENGE_WORDS } from '../../../domain/reports';
import {
  guestReportOut,
  guestReportQuery,
  guestTokenParams,
  learnerTestSchema,
  studentReportOut,
  studentReportParams,
} from '../../../domain/schemas/reports';
import { actorOf } from '../../plugins/access';
import { learnerInScope } from '../../repositories/exams';
import { guestReport, studentReport } from '../../services/learnerReports';
import { filterFromBodyOrQuery } from '../listing';
import { errorOut } from '../schemas';
import { reportErrors } from './schemas';

/**
 * The guest report's rate limit, per address: the API call's, and the page's rendered with it
 * (server/renderedPages.ts), counted together.
 */
export const GUEST_REPORT_LIMIT = { max: 120, timeWindow: 60_000 };

/**
 * A learner's reports (docs/api/reports.md "Student reports"): the report
 * page /report/:stu_id/:exam_type, a challenge's report, the score summary,
 * and a guest's report reached by the unguessable link of
 * guest_report_links (docs/DECISIONS.md "Children's data"). A learner outside the caller's scope
 * answers 404.
 */
export const studentReportRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.db;

  app.get(
    '/reports/student/:student_id/:exam_type',
    {
      config: { access: 'signed-in' },
      schema: { tags: ['reports'], params: studentReportParams, response: { 200: studentReportOut, ...reportErrors } },
    },
    async (request) => {
      const child = await learnerInScope(db, actorOf(request), request.params.student_id);
      return studentReport(db, child, { examType: request.params.exam_type });
    },
  );

  for (const [word, challenge] of Object.entries(CHALLENGE_WORDS)) {
    app.post(
      `/answers/test/${word}/report`,
      {
        config: { access: 'signed-in' },
        preValidation: filterFromBodyOrQuery,
        schema: {
          tags: ['reports'],
          body: learnerTestSchema.omit({ challenge: true }),
          response: { 200: studentReportOut, ...reportErrors },
        },
      },
      async (request) => {
        const child = await learnerInScope(db, actorOf(request), request.body.student_id);
        return studentReport(db, child, { examType: request.body.exam_type, challenge });
      },
    );
  }

  app.post(
    '/answers/studentScore',
    {
      config: { access: 'signed-in' },
      preValidation: filterFromBodyOrQuery,
      schema: { tags: ['reports'], body: learnerTestSchema, response: { 200: studentReportOut, ...reportErrors } },
    },
    async (request) => {
      const child = await learnerInScope(db, actorOf(request), request.body.student_id);
      return studentReport(db, child, { examType: request.body.exam_type, challenge: request.body.challenge });
    },
  );

  /**
   * The guest's report page (/guest-report/:token): the student report and
   * the lists of docs/PRODUCT.md §3 "Guest report", about this guest only; the takers' totals, maxima
   * and sums are in `summary` (nobody else's scores leave the server).
   */
  app.get(
    '/guest-report/:token',
    {
      config: { access: 'public', capabilityParams: ['token'], rateLimit: GUEST_REPORT_LIMIT },
      schema: {
        tags: ['reports'],
        params: guestTokenParams,
        querystring: guestReportQuery,
        response: { 200: guestReportOut, 400: errorOut, 404: errorOut, 429: errorOut },
      },
    },
    async (request, reply) => {
      const report = await guestReport(db, request.params.token, request.query.exam_type);
      reply.header('cache-control', 'private, no-store').header('referrer-policy', 'no-referrer');
      return report;
    },
  );
};
