import { and, count, eq, gt, isNull, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { USER_TYPE } from '../../../domain/codes';
import { ROLE } from '../../../domain/permissions';
import type { TextLocale } from '../../../domain/texts';
import {
  forgotPasswordSchema,
  loginSchema,
  registerSchema,
  resetPasswordSchema,
  updatePasswordSchema,
} from '../../../domain/schemas/auth';
import { rolesAndPermissionsOf } from '../../auth/actor';
import { issueToken, revokeAllTokens, revokeOtherTokens, revokeToken } from '../../auth/tokens';
import { users, passwordResets } from '../../db/schema';
import { isUniqueViolation } from '../../db/errors';
import { AppError, conflict, fieldError, notFound } from '../../errors';
import { actorOf } from '../../plugins/access';
import { assignBuiltInRole, findUserByEmail, presentUser, userLogValue, type UserRow } from '../../repositories/users';
import { getSetting } from '../../repositories/settings';
import { writeLog } from '../../services/audit';
import { challengeRefusal } from '../../adapters/challenge';
import { loginVerdict, recordLoginAttempt } from '../../services/loginThrottle';
import { checkCurrentPassword, checkNewPassword } from '../../services/accountSecurity';
import { mailIn, mailLocales, requestLocale } from '../../services/mailText';
import { dummyPasswordHash, hashPassword, verifyPassword } from '../../services/passwords';
import { randomToken, sha256 } from '../../services/secrets';
import { scopeOf } from '../../auth/scope';
import { errorOut, idParams, messageOut, sessionUserOut } from '../schemas';

const sessionOut = z.object({ user: sessionUserOut, access_token: z.string() });

/** An ALTCHA challenge as GET /captcha gives it (docs/api/challenge.md). */
const challengeOut = z.object({
  parameters: z.object({
    algorithm: z.string(),
    cost: z.number().int(),
    expiresAt: z.number().int(),
    keyLength: z.number().int(),
    keyPrefix: z.string(),
    keySignature: z.string(),
    nonce: z.string(),
    salt: z.string(),
  }),
  signature: z.string(),
});

/** At most this many reset mails per account within the login window. */
const RESET_MAILS_PER_WINDOW = 3;

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.db;

  const recentResetCount = async (userId: number) => {
    const since = new Date(Date.now() - app.config.login.windowMs);
    const [row] = await db
      .select({ n: count() })
      .from(passwordResets)
      .where(and(eq(passwordResets.userId, userId), gt(passwordResets.createdAt, since)));
    return row.n;
  };

  /** Mails a reset link to an active account (at most RESET_MAILS_PER_WINDOW per window); the link's base is configuration, never the request. */
  async function sendResetMail(email: string, locale: TextLocale) {
    const user = await findUserByEmail(db, email);
    if (!user || user.removed !== 0) {
      app.log.info({ event: 'auth.reset.unknown' }, 'password reset asked for an unknown or inactive account');
      return;
    }
    if ((await recentResetCount(user.id)) >= RESET_MAILS_PER_WINDOW) {
      // the same answer, but no more mail: nobody can flood a mailbox through this form
      app.log.warn({ event: 'auth.reset.throttled', userId: user.id }, 'password reset mail limit reached');
      return;
    }
    const token = randomToken();
    await db
      .insert(passwordResets)
      .values({ userId: user.id, tokenHash: sha256(token), expiresAt: new Date(Date.now() + app.config.resetTokenMs) });
    // led by the language the reset was asked in (the account holder's, as a rule); anyone may ask for any
    // address, so the whole mail follows in a second language
    const mail = mailIn(mailLocales(locale, false), (t) => ({
      subject: t('mail.reset.subject'),
      lines: [
        t('mail.greeting', { name: user.name }),
        '',
        t('mail.reset.open'),
        `${app.config.publicUrl}/reset-password/${token}`,
        '',
        t('mail.reset.expiry', { smart_count: Math.round(app.config.resetTokenMs / 60_000) }),
        t('mail.reset.ignore'),
      ],
    }));
    await app.mailer.send({ to: user.email, ...mail });
    app.log.info({ event: 'auth.reset.requested', userId: user.id }, 'password reset mail sent');
  }

  async function sessionUser(row: UserRow) {
    const access = await rolesAndPermissionsOf(db, row.id);
    return { ...presentUser(row, access.roles), permissions: access.permissions };
  }

  app.post(
    '/login',
    {
      config: { access: 'public' },
      schema: {
        tags: ['auth'],
        body: loginSchema,
        response: { 200: sessionOut, 400: errorOut, 401: errorOut, 403: errorOut, 429: errorOut },
      },
    },
    async (request) => {
      const { email, password } = request.body;
      const verdict = await loginVerdict(db, email, request.ip, app.config.login);
      if (verdict === 'closed') {
        request.log.warn({ event: 'auth.login.throttled', ip: request.ip }, 'login rate limit reached');
        throw new AppError(429, 'app.errors.tooManyAttempts');
      }
      if (verdict === 'challenge') {
        // many failures from many addresses: whoever signs in now solves the challenge first (their browser does)
        const refusal = challengeRefusal(
          await app.challenges.verify(request.body.captcha),
          'app.errors.challengeRequired',
        );
        if (refusal) {
          request.log.info({ event: 'auth.login.challenge', refusal }, 'login asked for the challenge');
          throw fieldError('captcha', refusal);
        }
      }
      const user = await findUserByEmail(db, email);
      const ok = await verifyPassword(user?.passwordHash ?? (await dummyPasswordHash()), password);
      await recordLoginAttempt(db, email, request.ip, !!user && ok);
      if (!user || !ok) {
        request.log.info({ event: 'auth.login.failed', userId: user?.id ?? null, ip: request.ip }, 'login failed');
        throw new AppError(401, 'app.errors.invalidCredentials');
      }
      if (user.removed !== 0) {
        request.log.info({ event: 'auth.login.inactive', userId: user.id }, 'login refused: account deactivated');
        throw new AppError(403, 'app.errors.accountInactive');
      }
      const accessToken = await issueToken(db, user.id, app.tokenPolicy);
      request.log.info({ event: 'auth.login', userId: user.id }, 'signed in');
      return { user: await sessionUser(user), access_token: accessToken };
    },
  );

  app.post(
    '/logout',
    {
      config: { access: 'signed-in' },
      schema: { tags: ['auth'], response: { 200: messageOut, 401: errorOut } },
    },
    async (request) => {
      const actor = actorOf(request);
      await revokeToken(db, actor.tokenId);
      request.log.info({ event: 'auth.logout', userId: actor.id }, 'signed out');
      return { message: 'You have been logged out', key: 'app.auth.loggedOut' };
    },
  );

  app.get(
    '/me',
    {
      config: { access: 'signed-in' },
      schema: { tags: ['auth'], response: { 200: z.object({ user: sessionUserOut }), 401: errorOut } },
    },
    async (request) => {
      const [row] = await db
        .select()
        .from(users)
        .where(eq(users.id, actorOf(request).id));
      return { user: await sessionUser(row) };
    },
  );

  // a new proof-of-work challenge (docs/api/challenge.md): nothing is written, so no per-address cap is needed
  app.get(
    '/captcha',
    {
      config: { access: 'public' },
      schema: { tags: ['auth'], response: { 200: challengeOut } },
    },
    async () => app.challenges.issue(),
  );

  app.post(
    '/register',
    {
      config: { access: 'public' },
      schema: { tags: ['auth'], body: registerSchema, response: { 201: sessionOut, 400: errorOut, 409: errorOut } },
    },
    async (request, reply) => {
      const input = request.body;
      if (await getSetting(db, 'register_captcha')) {
        const refusal = challengeRefusal(await app.challenges.verify(input.captcha), 'app.public.challengeRequired');
        if (refusal) throw fieldError('captcha', refusal);
      }
      const passwordHash = await hashPassword(input.password);
      const row = await db
        .transaction(async (tx) => {
          if (await findUserByEmail(tx, input.email))
            throw conflict('app.errors.emailTaken', { email: 'app.errors.emailTaken' });
          const teacher = input.type === USER_TYPE.teacher ? input : null;
          const [created] = await tx
            .insert(users)
            .values({
              name: input.name,
              email: input.email,
              passwordHash,
              type: input.type,
              gender: input.gender,
              country: input.country,
              city: input.city,
              birthdate: input.birthdate,
              mobileNo: input.mobile_no,
              aboutMe: input.about_me,
              jobTitle: input.job_title,
              ...(teacher
                ? {
                    degree: teacher.degree,
                    major: teacher.major,
                    faculty: teacher.faculty,
                    specialization: teacher.specialization,
                    grade: teacher.grade,
                    employment: teacher.employment,
                    experience: teacher.experience,
                    availableHours: teacher.available_hours,
                    employmentPlace: teacher.employment_place,
                    agreement: true,
                    approved: false,
                  }
                : {}),
            })
            .returning();
          // families get the student role now; teachers get theirs when an admin approves them
          if (!teacher) await assignBuiltInRole(tx, created.id, ROLE.student);
          await writeLog(tx, {
            actorId: created.id,
            action: 'register',
            entity: 'user',
            entityId: created.id,
            newValue: userLogValue(created),
          });
          return created;
        })
        .catch((error: unknown) => {
          if (isUniqueViolation(error)) throw conflict('app.errors.emailTaken', { email: 'app.errors.emailTaken' });
          throw error;
        });
      const accessToken = await issueToken(db, row.id, app.tokenPolicy);
      request.log.info({ event: 'auth.register', userId: row.id, type: row.type }, 'account registered');
      reply.code(201);
      return { user: await sessionUser(row), access_token: accessToken };
    },
  );

  app.post(
    '/users/forgot/password',
    {
      config: { access: 'public' },
      schema: {
        tags: ['auth'],
        body: forgotPasswordSchema,
        response: { 200: messageOut, 400: errorOut, 429: errorOut },
      },
    },
    async (request) => {
      // the answer does not wait for the lookup or the mail: known and unknown addresses take the same time
      const { email } = request.body;
      app.background.run('mail.password_reset', () => sendResetMail(email, requestLocale(request)));
      return { message: 'We have sent you an email with a link to reset your password', key: 'app.auth.resetMailSent' };
    },
  );

  app.post(
    '/users/reset/password',
    {
      config: { access: 'public' },
      schema: { tags: ['auth'], body: resetPasswordSchema, response: { 200: messageOut, 400: errorOut } },
    },
    async (request) => {
      const { token, password } = request.body;
      const invalid = () =>
        new AppError(400, 'app.errors.resetTokenInvalid', { token: 'app.errors.resetTokenInvalid' });
      const live = sql`${passwordResets.tokenHash} = ${sha256(token)} and ${passwordResets.usedAt} is null and ${passwordResets.expiresAt} > now()`;
      // the token first: nothing is hashed for a link that does not work
      const [found] = await db
        .select({ id: passwordResets.id, userId: passwordResets.userId, email: users.email })
        .from(passwordResets)
        .innerJoin(users, eq(users.id, passwordResets.userId))
        .where(live);
      if (!found) throw invalid();
      checkNewPassword(password, found.email);
      const passwordHash = await hashPassword(password);
      const userId = await db.transaction(async (tx) => {
        const [reset] = await tx
          .update(passwordResets)
          .set({ usedAt: sql`now()` })
          .where(and(eq(passwordResets.id, found.id), live))
          .returning({ userId: passwordResets.userId });
        if (!reset) throw invalid();
        // every other link of the account is void now
        await tx
          .update(passwordResets)
          .set({ usedAt: sql`now()` })
          .where(and(eq(passwordResets.userId, reset.userId), isNull(passwordResets.usedAt)));
        await tx
          .update(users)
          .set({ passwordHash, updatedAt: sql`now()` })
          .where(eq(users.id, reset.userId));
        await revokeAllTokens(tx, reset.userId);
        await writeLog(tx, {
          actorId: reset.userId,
          action: 'reset_password',
          entity: 'user',
          entityId: reset.userId,
          newValue: { password: 'changed' },
        });
        return reset.userId;
      });
      request.log.info({ event: 'auth.reset.done', userId }, 'password reset');
      return { message: 'Your password has been changed', key: 'app.auth.passwordChanged' };
    },
  );

  app.post(
    '/users/update/password/:id',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['auth'],
        params: idParams,
        body: updatePasswordSchema,
        response: { 200: messageOut, 400: errorOut, 401: errorOut, 404: errorOut, 429: errorOut },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      const { id } = request.params;
      // a password is changed by its owner, who knows the current one
      if (id !== actor.id) throw notFound();
      const [user] = await db.select().from(users).where(eq(users.id, id));
      checkNewPassword(request.body.password, user.email);
      await checkCurrentPassword(app, request, user, request.body.current_password);
      const passwordHash = await hashPassword(request.body.password);
      await db.transaction(async (tx) => {
        await tx
          .update(users)
          .set({ passwordHash, updatedAt: sql`now()` })
          .where(eq(users.id, id));
        // whoever else holds a session of this account is signed out; this session stays
        await revokeOtherTokens(tx, id, actor.tokenId);
        await writeLog(tx, {
          actorId: actor.id,
          action: 'change_password',
          entity: 'user',
          entityId: id,
          newValue: { password: 'changed' },
        });
      });
      request.log.info({ event: 'auth.password.changed', userId: id, scope: scopeOf(actor).level }, 'password changed');
      return { message: 'Your password has been changed', key: 'app.auth.passwordChanged' };
    },
  );
};
