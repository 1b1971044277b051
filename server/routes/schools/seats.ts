import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { seatDecisionSchema, seatListSchema, seatRequestOut, seatRequestSchema } from '../../../domain/schemas/schools';
import type { Actor } from '../../auth/actor';
import { isPlatformLevel, seatRequestsAwaiting } from '../../auth/scope';
import type { Executor } from '../../db/client';
import { forbidden } from '../../errors';
import { actorOf } from '../../plugins/access';
import { regionInScope } from '../../repositories/regions';
import { presentedSeatRequest, seatRequestPage, type SeatListInput } from '../../repositories/seatRequests';
import { schoolInScope, targetSchool } from '../../repositories/schools';
import { decideAtPlatform, decideAtRegion, requestSeats } from '../../services/seats';
import { filterFromBodyOrQuery } from '../listing';
import { authErrors, errorOut } from '../schemas';

const listOut = z.object({ requests: z.array(seatRequestOut), count: z.number() });

/** A page of requests; naming a school or a region outside the caller's scope answers 404, as everywhere. */
async function requestsOf(db: Executor, actor: Actor, f: SeatListInput, awaitingOnly: boolean) {
  if (f.school_id !== undefined) await schoolInScope(db, actor, f.school_id);
  if (f.region_id !== undefined) await regionInScope(db, actor, f.region_id);
  return awaitingOnly
    ? seatRequestPage(db, actor, { ...f, status: undefined }, seatRequestsAwaiting(actor))
    : seatRequestPage(db, actor, f);
}

/** Seat requests: a school asks, the region admin decides, then the platform admin; approval adds to the quota. */
export const seatRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.db;

  app.post(
    '/schools/add/request',
    {
      config: { access: 'schools.manage' },
      schema: {
        tags: ['seats'],
        body: seatRequestSchema,
        response: { 201: z.object({ request: seatRequestOut }), ...authErrors },
      },
    },
    async (request, reply) => {
      const actor = actorOf(request);
      const school = await targetSchool(db, actor, request.body.school_id);
      const id = await requestSeats(db, actor, school, request.body);
      request.log.info(
        { event: 'seats.requested', requestId: id, schoolId: school.id, seats: request.body.seats },
        'seats requested',
      );
      reply.code(201);
      return { request: await presentedSeatRequest(db, id) };
    },
  );

  app.post(
    '/schools/get/requests',
    {
      config: { access: 'seats.review' },
      preValidation: filterFromBodyOrQuery,
      schema: { tags: ['seats'], body: seatListSchema, response: { 200: listOut, ...authErrors } },
    },
    async (request) => {
      const actor = actorOf(request);
      return requestsOf(db, actor, request.body, true);
    },
  );

  app.post(
    '/schools/get/history/requests',
    {
      config: { access: 'seats.review' },
      preValidation: filterFromBodyOrQuery,
      schema: { tags: ['seats'], body: seatListSchema, response: { 200: listOut, ...authErrors } },
    },
    async (request) => {
      const actor = actorOf(request);
      return requestsOf(db, actor, request.body, false);
    },
  );

  app.post(
    '/schools/approve/region/request',
    {
      config: { access: 'regions.manage' },
      schema: {
        tags: ['seats'],
        body: seatDecisionSchema,
        response: { 200: z.object({ request: seatRequestOut }), ...authErrors, 409: errorOut },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      const { id, status } = request.body;
      await decideAtRegion(db, actor, request.body);
      request.log.info(
        { event: 'seats.region.decided', requestId: id, status, by: actor.id },
        'seat request decided by the region',
      );
      return { request: await presentedSeatRequest(db, id) };
    },
  );

  app.post(
    '/schools/approve/admin/request',
    {
      config: { access: 'platform.manage' },
      schema: {
        tags: ['seats'],
        body: seatDecisionSchema,
        response: { 200: z.object({ request: seatRequestOut }), ...authErrors, 409: errorOut },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      if (!isPlatformLevel(actor)) throw forbidden();
      const { id, status } = request.body;
      await decideAtPlatform(db, actor, request.body);
      request.log.info(
        { event: 'seats.admin.decided', requestId: id, status, by: actor.id },
        'seat request decided by the platform admin',
      );
      return { request: await presentedSeatRequest(db, id) };
    },
  );
};
