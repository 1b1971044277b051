import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { messageText } from '../../../domain/messages';
import {
  backgroundJobListOut,
  backgroundJobListSchema,
  backgroundJobParams,
  exportJobOut,
  exportParams,
  exportRequestSchema,
} from '../../../domain/schemas/jobs';
import { XLSX_MIME } from '../../adapters/xlsx';
import { actorOf } from '../../plugins/access';
import { listWatchedJobs, retryFailedJob } from '../../services/backgroundJobs';
import { exportFile, myExports, requestExport, showExport } from '../../services/exportJobs';
import { attachment, authErrors, errorOut } from '../schemas';

/**
 * Background jobs (docs/api/jobs.md): the failed and long-running jobs for the platform admin, with a retry for a
 * failed one; and exports as jobs, each seen only by the user who asked for it. The work is in
 * server/services/backgroundJobs.ts and server/services/exportJobs.ts.
 */
export const jobsRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.db;

  // ---------------------------------------------------------------- failed and long jobs

  app.get(
    '/background-jobs',
    {
      config: { access: 'jobs.manage' },
      schema: {
        tags: ['jobs'],
        querystring: backgroundJobListSchema,
        response: { 200: backgroundJobListOut, ...authErrors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return listWatchedJobs(db, request.query);
    },
  );

  app.post(
    '/background-jobs/:id/retry',
    {
      config: { access: 'jobs.manage' },
      schema: {
        tags: ['jobs'],
        params: backgroundJobParams,
        response: { 200: z.object({ message: z.string(), key: z.string() }), ...authErrors },
      },
    },
    async (request) => {
      await retryFailedJob(db, app.jobs, request.params.id);
      return { message: messageText('app.jobs.retried'), key: 'app.jobs.retried' };
    },
  );

  // ---------------------------------------------------------------- exports as jobs

  app.post(
    '/exports',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['jobs'],
        body: exportRequestSchema,
        response: { 201: z.object({ export: exportJobOut }), ...authErrors, 409: errorOut },
      },
    },
    async (request, reply) => {
      const job = await requestExport(
        {
          db,
          storage: app.storage.objects,
          jobs: app.jobs,
          log: request.log,
          inlineRows: app.config.exportInlineRows,
        },
        actorOf(request),
        request.body,
        request.headers['accept-language'],
      );
      reply.code(201);
      return { export: job };
    },
  );

  app.get(
    '/exports',
    {
      config: { access: 'signed-in' },
      schema: { tags: ['jobs'], response: { 200: z.object({ exports: z.array(exportJobOut) }), ...authErrors } },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return { exports: await myExports(db, actorOf(request)) };
    },
  );

  app.get(
    '/exports/:id',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['jobs'],
        params: exportParams,
        response: { 200: z.object({ export: exportJobOut }), ...authErrors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return { export: await showExport(db, actorOf(request), request.params.id) };
    },
  );

  app.get(
    '/exports/:id/file',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['jobs'],
        params: exportParams,
        produces: [XLSX_MIME],
        response: { ...authErrors, 409: errorOut },
      },
    },
    async (request, reply) => {
      const file = await exportFile(db, app.storage.objects, actorOf(request), request.params.id);
      return reply
        .header('content-type', XLSX_MIME)
        .header('content-length', String(file.size))
        .header('content-disposition', attachment(file.filename))
        .header('cache-control', 'private, no-store')
        .header('x-content-type-options', 'nosniff')
        .send(file.body as never);
    },
  );
};
