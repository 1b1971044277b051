import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  countsOut,
  dayCountsOut,
  daysSchema,
  groupCountsOut,
  monthCountsOut,
  monthsSchema,
  topGroupsSchema,
} from '../../../domain/schemas/activities';
import { actorOf } from '../../plugins/access';
import { activitiesPerGroup, activitiesPerMonth, dashboardCounts, logsPerDay } from '../../repositories/dashboard';
import { filterFromBodyOrQuery } from '../listing';
import { authErrors } from '../schemas';

/**
 * The overview's numbers (docs/PRODUCT.md §2 "Admin overview", §3 "Dashboard counts"),
 * each counted by PostgreSQL within the caller's scope (the platform's
 * largest totals read from row_counts, kept exact by triggers): count, group by and
 * date_trunc over indexed columns; no rows are loaded to be counted here.
 */
export const dashboardRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.db;
  const route = { config: { access: 'overview.read' as const }, preValidation: filterFromBodyOrQuery };

  // every signed-in user's own counts (docs/PRODUCT.md §3 "Dashboard counts"): the scope decides what is counted
  app.post(
    '/dashboard/counts',
    {
      config: { access: 'signed-in' },
      preValidation: filterFromBodyOrQuery,
      schema: { tags: ['dashboard'], response: { 200: countsOut, ...authErrors } },
    },
    async (request) => dashboardCounts(db, actorOf(request)),
  );

  app.post(
    '/dashboard/evaluations/groups/count',
    {
      ...route,
      schema: { tags: ['dashboard'], body: topGroupsSchema, response: { 200: groupCountsOut, ...authErrors } },
    },
    async (request) => activitiesPerGroup(db, actorOf(request), request.body.limit),
  );

  app.post(
    '/dashboard/evaluations/month/count',
    {
      ...route,
      schema: { tags: ['dashboard'], body: monthsSchema, response: { 200: monthCountsOut, ...authErrors } },
    },
    async (request) => activitiesPerMonth(db, actorOf(request), request.body.months),
  );

  app.post(
    '/dashboard/logs/count',
    {
      ...route,
      schema: { tags: ['dashboard'], body: daysSchema, response: { 200: dayCountsOut, ...authErrors } },
    },
    async (request) => logsPerDay(db, actorOf(request), request.body.days),
  );
};
