import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CHALLENGE_WORDS } from '../../../domain/reports';
import {
  guestReportQuery,
  guestTokenParams,
  learnerTestSchema,
  studentReportParams,
} from '../../../domain/schemas/reports';
import { children, guestReportLinks } from '../../db/schema';
import { notFound } from '../../errors';
import { actorOf } from '../../plugins/access';
import { learnerInScope } from '../../repositories/exams';
import { distributionOf } from '../../repositories/reports';
import { sha256 } from '../../services/secrets';
import { filterFromBodyOrQuery } from '../listing';
import { errorOut } from '../schemas';
import { studentReport } from './build';
import { guestReportOut, reportErrors, studentReportOut } from './schemas';

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
      config: { access: 'public', capabilityParams: ['token'], rateLimit: { max: 120, timeWindow: '1 minute' } },
      schema: {
        tags: ['reports'],
        params: guestTokenParams,
        querystring: guestReportQuery,
        response: { 200: guestReportOut, 400: errorOut, 404: errorOut, 429: errorOut },
      },
    },
    async (request, reply) => {
      const [row] = await db
        .select({ child: children })
        .from(guestReportLinks)
        .innerJoin(children, eq(children.id, guestReportLinks.childId))
        .where(eq(guestReportLinks.tokenHash, sha256(request.params.token)));
      if (!row) throw notFound();
      const ref = { examType: request.query.exam_type };
      const [report, stats] = await Promise.all([studentReport(db, row.child, ref), distributionOf(db, ref)]);
      reply.header('cache-control', 'private, no-store').header('referrer-policy', 'no-referrer');
      const score = (m: 'originality' | 'flexibility' | 'fluency') =>
        report.measures.find((x) => x.measure === m)?.score;
      const id = row.child.id;
      const summary = (m: 'originality' | 'flexibility' | 'fluency') => ({
        takers: stats[m].n,
        mean: stats[m].mean === null ? null : Math.round(stats[m].mean! * 100) / 100,
        max: stats[m].max,
        sum: stats[m].sum,
      });
      return {
        ...report,
        score: score('originality') === undefined ? [] : [{ student_id: id, total: score('originality')! }],
        categories: score('flexibility') === undefined ? [] : [{ student_id: id, count: score('flexibility')! }],
        user_data: [
          { student_id: id, name: report.student.name, gender: report.student.gender, age: report.student.age },
        ],
        fluency:
          score('fluency') === undefined
            ? []
            : [{ student_id: id, score: score('fluency')!, exam_date: report.test_date }],
        summary: { score: summary('originality'), categories: summary('flexibility'), fluency: summary('fluency') },
      };
    },
  );
};
