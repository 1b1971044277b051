import { and, eq, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { USER_TYPE } from '../../../domain/codes';
import { guestListSchema, tempRegisterSchema } from '../../../domain/schemas/exams';
import { actorForToken } from '../../auth/actor';
import { childrenInScope, scopeOf } from '../../auth/scope';
import { issueToken } from '../../auth/tokens';
import { children, groupMembers, groups, guestReportLinks, users } from '../../db/schema';
import { notFound } from '../../errors';
import { actorOf } from '../../plugins/access';
import { examStatesOf, presentLearner } from '../../repositories/exams';
import { presentUser } from '../../repositories/users';
import { writeLog } from '../../services/audit';
import { insertLearners } from '../../services/seats';
import { randomToken, sha256 } from '../../services/secrets';
import { orderBy, searchCondition } from '../../db/listing';
import { filterFromBodyOrQuery } from '../listing';
import { errorOut, sessionUserOut } from '../schemas';
import { examErrors, examOut, learnerOut } from './schemas';

/** Registrations from one address per hour: a school's whole class signs up from one network. */
export const TEMP_REGISTER_PER_HOUR = 200;

const ORDER_COLUMNS = { id: children.id, name: children.name, created_at: children.createdAt };

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
      config: { access: 'public', rateLimit: { max: TEMP_REGISTER_PER_HOUR, timeWindow: '1 hour' } },
      schema: {
        tags: ['exams'],
        body: tempRegisterSchema,
        response: {
          201: z.object({
            user: sessionUserOut,
            access_token: z.string(),
            student: learnerOut,
            report_link: z.string(),
          }),
          400: errorOut,
          404: errorOut,
          409: errorOut,
          429: errorOut,
        },
      },
    },
    async (request, reply) => {
      const input = request.body;
      // a teacher registering a pupil in class may put them in one of their groups
      const header = /^Bearer\s+([A-Za-z0-9_-]{20,200})$/i.exec(request.headers.authorization ?? '');
      const teacher = header ? await actorForToken(db, header[1], app.tokenPolicy) : null;
      let group: typeof groups.$inferSelect | undefined;
      if (input.group_id) {
        const scope = teacher ? scopeOf(teacher) : null;
        [group] = await db.select().from(groups).where(eq(groups.id, input.group_id));
        const mayEnrol =
          scope &&
          group &&
          (scope.level === 'platform' ||
            (scope.level === 'group' && group.teacherId === teacher!.id) ||
            (scope.level === 'school' && group.schoolId === scope.schoolId));
        if (!mayEnrol) throw notFound();
      }
      const reportToken = randomToken(24);
      const { user, child } = await db.transaction(async (tx) => {
        const [user] = await tx
          .insert(users)
          .values({
            name: input.name ?? 'Guest',
            email: `guest.${randomToken(12).toLowerCase()}@guests.neomi.invalid`,
            // guests never sign in with a password: they hold the session given now
            passwordHash: '!guest',
            type: USER_TYPE.guest,
            gender: input.gender ?? null,
            birthdate: input.birthdate ?? null,
            mobileNo: input.mobile_no ?? null,
            ageGroup: input.age_group ?? null,
            academicNumber: input.academic_number ?? null,
            schoolId: group?.schoolId ?? null,
          })
          .returning();
        // into a school's group: a learner of that school, within its seats (409 noFreeSeats when full);
        // without a school group: outside any quota
        const [child] = await insertLearners(tx, group?.schoolId ?? null, [
          {
            parentId: user.id,
            name: input.name ?? `Guest ${user.id}`,
            gender: input.gender ?? null,
            birthdate: input.birthdate ?? null,
            mobileNo: input.mobile_no ?? null,
            language: input.language ?? 'ar',
          },
        ]);
        if (!input.name)
          await tx
            .update(users)
            .set({ name: `Guest ${user.id}` })
            .where(eq(users.id, user.id));
        if (group) await tx.insert(groupMembers).values({ groupId: group.id, childId: child.id });
        await tx.insert(guestReportLinks).values({ childId: child.id, tokenHash: sha256(reportToken) });
        await writeLog(tx, {
          actorId: teacher?.id ?? user.id,
          action: 'temp_register',
          entity: 'user',
          entityId: user.id,
          newValue: { type: USER_TYPE.guest, student_id: child.id, group_id: group?.id ?? null },
        });
        return { user: { ...user, name: input.name ?? `Guest ${user.id}` }, child };
      });
      const accessToken = await issueToken(db, user.id, app.tokenPolicy);
      const base = app.config.publicUrl;
      request.log.info(
        { event: 'exam.guest.register', userId: user.id, childId: child.id, byTeacher: !!teacher },
        'test-taker registered',
      );
      reply.code(201);
      return {
        user: { ...presentUser(user, []), permissions: [] },
        access_token: accessToken,
        student: presentLearner(child),
        report_link: `${base}/guest-report/${reportToken}`,
      };
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
      const [row] = await db
        .select({ child: children })
        .from(guestReportLinks)
        .innerJoin(children, eq(children.id, guestReportLinks.childId))
        .where(eq(guestReportLinks.tokenHash, sha256(request.params.token)));
      if (!row) throw notFound();
      reply.header('cache-control', 'private, no-store').header('referrer-policy', 'no-referrer');
      return { student: presentLearner(row.child), exams: (await examStatesOf(db, [row.child.id])).get(row.child.id)! };
    },
  );

  const guestOut = learnerOut.extend({
    age_group: z.number().nullable(),
    academic_number: z.string().nullable(),
    mobile_no: z.string().nullable(),
    created_at: z.string(),
    exams: z.array(examOut),
  });

  app.post(
    '/exam/guests',
    {
      config: { access: 'access_neomi' },
      preValidation: filterFromBodyOrQuery,
      schema: {
        tags: ['exams'],
        body: guestListSchema,
        response: { 200: z.object({ guests: z.array(guestOut), count: z.number() }), ...examErrors },
      },
    },
    async (request) => {
      const filter = request.body;
      const where = and(
        eq(users.type, USER_TYPE.guest),
        childrenInScope(actorOf(request)),
        searchCondition(filter.search_text, [children.name, users.academicNumber]),
      );
      const rows = await db
        .select({ child: children, user: users, total: sql<number>`cast(count(*) over() as integer)` })
        .from(children)
        .innerJoin(users, eq(users.id, children.parentId))
        .where(where)
        .orderBy(
          orderBy(ORDER_COLUMNS[filter.order_by], filter.order_direction),
          orderBy(children.id, filter.order_direction),
        )
        .limit(filter.limit)
        .offset(filter.offset);
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
        count: rows[0]?.total ?? 0,
      };
    },
  );
};
