import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  accountOut,
  regionAdminRegistrationSchema,
  regionListSchema,
  regionOut,
  schoolListSchema,
  schoolOut,
} from '../../../domain/schemas/schools';
import { requirePlatformLevel } from '../../auth/scope';
import { actorOf } from '../../plugins/access';
import { regionInScope, regionPage } from '../../repositories/regions';
import { schoolsOfRegion } from '../../repositories/schools';
import { hashPassword } from '../../services/passwords';
import { registerRegionAdmin } from '../../services/schoolAdmin';
import { filterFromBodyOrQuery } from '../listing';
import { authErrors, errorOut, idParams } from '../schemas';

/** Regions and their admins (platform admin), and a region's schools (its admin or the platform admin). */
export const regionRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.db;

  app.post(
    '/region/admins',
    {
      config: { access: 'platform.manage' },
      preValidation: filterFromBodyOrQuery,
      schema: {
        tags: ['regions'],
        body: regionListSchema,
        response: { 200: z.object({ regions: z.array(regionOut), count: z.number() }), ...authErrors },
      },
    },
    async (request) => regionPage(db, actorOf(request), request.body),
  );

  app.post(
    '/region/registeration/admin',
    {
      config: { access: 'platform.manage' },
      schema: {
        tags: ['regions'],
        body: regionAdminRegistrationSchema,
        response: {
          201: z.object({ user: accountOut, region: z.object({ id: z.number(), name: z.string() }) }),
          ...authErrors,
          409: errorOut,
        },
      },
    },
    async (request, reply) => {
      const actor = actorOf(request);
      // a region, and an account placed in one, are the platform's to make, whatever permission opened the route
      requirePlatformLevel(actor);
      const result = await registerRegionAdmin(db, actor, request.body, await hashPassword(request.body.password));
      request.log.info(
        { event: 'region.admin.registered', userId: result.user.id, regionId: result.region.id, by: actor.id },
        'region admin registered',
      );
      reply.code(201);
      return result;
    },
  );

  app.post(
    '/region/admins/schools/:id',
    {
      config: { access: 'regions.manage' },
      preValidation: filterFromBodyOrQuery,
      schema: {
        tags: ['regions'],
        params: idParams,
        body: schoolListSchema.omit({ region_id: true }),
        response: {
          200: z.object({
            region: z.object({ id: z.number(), name: z.string() }),
            schools: z.array(schoolOut),
            count: z.number(),
          }),
          ...authErrors,
        },
      },
    },
    async (request) => {
      const region = await regionInScope(db, actorOf(request), request.params.id);
      return { region, ...(await schoolsOfRegion(db, region.id, request.body)) };
    },
  );
};
