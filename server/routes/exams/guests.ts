import { normalizeIP } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  guestListSchema,
  guestOut,
  tempRegisterSchema,
  examOut,
  learnerOut,
  type TempRegisterInput,
} from '../../../domain/schemas/exams';
import type { Database } from '../../db/client';
import { AppError, notFound } from '../../errors';
import { hitRateLimit } from '../../repositories/rateLimits';
import { actorOf } from '../../plugins/access';
import { guestsPage, learnerByReportLink } from '../../repositories/examGuests';
import { examStatesOf, presentLearner } from '../../repositories/exams';
import { presentUser } from '../../repositories/users';
import { sha256 } from '../../services/secrets';
import { registerTestTaker } from '../../services/testTakers';
import { endPageSession } from '../../pageSession';
import { filterFromBodyOrQuery } from '../listing';
import { sessionUserOut } from '../../../domain/schemas/users';
import { errorOut } from '../schemas';
import { examErrors } from './schemas';

/** Registrations from one address per hour: a school's whole class signs up from one network. */
export const TEMP_REGISTER_PER_HOUR = 200;
const TEMP_REGISTER_WINDOW_MS = 3_600_000;
const TEMP_REGISTER_PATH = '/api/temp/register';

/**
 * A guest's sign-up through the other door, POST /register type 3 (docs/API.md "Auth"), counted against the same
 * budget as POST /temp/register: the counter @fastify/rate-limit keeps for that route and this address (the store's
 * key, server/plugins/rateLimits.ts: method, route, then the address as the plugin writes it). Over the budget it
 * answers 429 with Retry-After, as the route does, and registers nobody.
 */
export async function countGuestSignUp(db: Database, request: FastifyRequest, reply: FastifyReply): Promise<void> {
  const key = `POST ${TEMP_REGISTER_PATH}|${normalizeIP(request.ip, 64)}`;
  const { hits, ttlMs } = await hitRateLimit(db, key, TEMP_REGISTER_WINDOW_MS);
  reply.header('x-ratelimit-limit', TEMP_REGISTER_PER_HOUR);
  reply.header('x-ratelimit-remaining', Math.max(0, TEMP_REGISTER_PER_HOUR - hits));
  if (hits > TEMP_REGISTER_PER_HOUR) {
    reply.header('retry-after', Math.max(1, Math.ceil(ttlMs / 1000)));
    throw new AppError(429, 'app.errors.tooManyAttempts');
  }
}

/** Registers a guest test-taker (registerTestTaker) and answers as both doors do: the user, its session, the learner, the report link. */
export async function guestSignUp(
  app: FastifyInstance,
  request: FastifyRequest,
  input: TempRegisterInput,
): Promise<z.infer<typeof guestSignUpOut>> {
  // a teacher registering a pupil in class may put them in one of their groups
  const bearer = /^Bearer\s+([A-Za-z0-9_-]{20,200})$/i.exec(request.headers.authorization ?? '');
  const deps = { db: app.db, tokenPolicy: app.tokenPolicy, publicUrl: app.config.publicUrl, log: request.log };
  const taker = await registerTestTaker(deps, input, bearer ? bearer[1] : null);
  return {
    user: { ...presentUser(taker.user, []), permissions: [] },
    access_token: taker.accessToken,
    student: presentLearner(taker.child),
    report_link: taker.reportLink,
  };
}

/** What a guest's sign-up answers (POST /temp/register, POST /register type 3). */
export const guestSignUpOut = z.object({
  user: sessionUserOut,
  access_token: z.string(),
  student: learnerOut,
  report_link: z.string(),
});

/**
 * Test-takers who sign up on the spot: guests (/guest-register) and pupils
 * a teacher registers in class (/temp/register). Each is a guest user
 * (type 3) with one learner record, signed in at once; a guest's report is
 * reached by an unguessable link given now (docs/DECISIONS.md "Children's data"); the list of
 * guests needs access_neomi.
 */
export const guestRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.db;

  app.post(
    '/temp/register',
    {
      config: { access: 'public', rateLimit: { max: TEMP_REGISTER_PER_HOUR, timeWindow: TEMP_REGISTER_WINDOW_MS } },
      schema: {
        tags: ['exams'],
        body: tempRegisterSchema,
        response: {
          201: guestSignUpOut,
          400: errorOut,
          404: errorOut,
          409: errorOut,
          429: errorOut,
        },
      },
    },
    async (request, reply) => {
      const answer = await guestSignUp(app, request, request.body);
      // a guest's session replaces whoever was signed in on this browser: no family's page session stays beside it
      endPageSession(reply);
      reply.code(201);
      return answer;
    },
  );

  /** A guest's own report page: the learner and their tests, by the link's token. */
  app.get(
    '/guest/report/:token',
    {
      config: { access: 'public', capabilityParams: ['token'], rateLimit: { max: 120, timeWindow: '1 minute' } },
      schema: {
        tags: ['exams'],
        params: z.object({ token: z.string().regex(/^[A-Za-z0-9_-]{20,64}$/) }),
        response: {
          200: z.object({ student: learnerOut, exams: z.array(examOut) }),
          400: errorOut,
          404: errorOut,
          429: errorOut,
        },
      },
    },
    async (request, reply) => {
      const child = await learnerByReportLink(db, sha256(request.params.token));
      if (!child) throw notFound();
      reply.header('cache-control', 'private, no-store').header('referrer-policy', 'no-referrer');
      return { student: presentLearner(child), exams: (await examStatesOf(db, [child.id])).get(child.id)! };
    },
  );

  app.post(
    '/exam/guests',
    {
      config: { access: 'tests.conduct' },
      preValidation: filterFromBodyOrQuery,
      schema: {
        tags: ['exams'],
        body: guestListSchema,
        response: { 200: z.object({ guests: z.array(guestOut), count: z.number() }), ...examErrors },
      },
    },
    async (request) => {
      const { rows, count } = await guestsPage(db, actorOf(request), request.body);
      const states = await examStatesOf(
        db,
        rows.map((r) => r.child.id),
      );
      return {
        guests: rows.map((r) => ({
          ...presentLearner(r.child),
          age_group: r.user.ageGroup,
          academic_number: r.user.academicNumber,
          mobile_no: r.user.mobileNo,
          created_at: r.child.createdAt.toISOString(),
          exams: states.get(r.child.id)!,
        })),
        count,
      };
    },
  );
};
