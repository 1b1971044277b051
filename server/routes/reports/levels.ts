import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  cohortReportOut,
  groupReportOut,
  levelParams,
  levelReportSchema,
  prePostOut,
  prePostSchema,
  regionReportOut,
  reportFilterSchema,
  schoolReportOut,
} from '../../../domain/schemas/reports';
import { actorOf } from '../../plugins/access';
import { filteredReport, groupReport, prePostReport, regionReport, schoolReport } from '../../services/cohortReports';
import { filterFromBodyOrQuery } from '../listing';
import { reportErrors } from './schemas';

/**
 * Reports on groups, schools and regions, the programme-wide report with
 * filters (/exam/report, /neomi-exams-report) and pre → post
 * (docs/api/reports.md "Cohort reports"). Each checks the permission and
 * that the group, school or region is in the caller's scope (404 otherwise).
 */
export const levelReportRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.db;
  const route = { config: { access: 'signed-in' as const }, preValidation: filterFromBodyOrQuery };

  app.post(
    '/reports/group/:id',
    {
      ...route,
      schema: {
        tags: ['reports'],
        params: levelParams,
        body: levelReportSchema,
        response: { 200: groupReportOut, ...reportErrors },
      },
    },
    async (request) =>
      groupReport(db, actorOf(request), request.params.id, {
        examType: request.body.exam_type,
        challenge: request.body.challenge,
      }),
  );

  app.post(
    '/reports/school/:id',
    {
      ...route,
      schema: {
        tags: ['reports'],
        params: levelParams,
        body: levelReportSchema,
        response: { 200: schoolReportOut, ...reportErrors },
      },
    },
    async (request) =>
      schoolReport(db, actorOf(request), request.params.id, {
        examType: request.body.exam_type,
        challenge: request.body.challenge,
      }),
  );

  app.post(
    '/reports/region/:id',
    {
      ...route,
      schema: {
        tags: ['reports'],
        params: levelParams,
        body: levelReportSchema,
        response: { 200: regionReportOut, ...reportErrors },
      },
    },
    async (request) =>
      regionReport(db, actorOf(request), request.params.id, {
        examType: request.body.exam_type,
        challenge: request.body.challenge,
      }),
  );

  app.post(
    '/exam/report',
    {
      config: { access: 'tests.administer' },
      preValidation: filterFromBodyOrQuery,
      schema: { tags: ['reports'], body: reportFilterSchema, response: { 200: cohortReportOut, ...reportErrors } },
    },
    async (request) => filteredReport(db, actorOf(request), request.body),
  );

  app.post(
    '/reports/pre-post',
    {
      ...route,
      schema: { tags: ['reports'], body: prePostSchema, response: { 200: prePostOut, ...reportErrors } },
    },
    async (request) => prePostReport(db, actorOf(request), request.body),
  );
};
