import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  challengeOut,
  forgotPasswordSchema,
  loginSchema,
  signUpSchema,
  resetPasswordSchema,
  updatePasswordSchema,
} from '../../../domain/schemas/auth';
import { issueToken, revokeToken } from '../../auth/tokens';
import { fieldError, notFound } from '../../errors';
import { actorOf } from '../../plugins/access';
import { userById } from '../../repositories/accounts';
import { getSetting } from '../../repositories/settings';
import { challengeRefusal } from '../../adapters/challenge';
import { checkCurrentPassword, checkNewPassword } from '../../services/accountSecurity';
import { changePassword, registerAccount, resetPassword, sessionUser, signIn } from '../../services/accounts';
import { requestLocale } from '../../services/mailText';
import { scopeOf } from '../../auth/scope';
import { sessionUserOut } from '../../../domain/schemas/users';
import { errorOut, idParams, messageOut } from '../schemas';
import { countGuestSignUp, guestSignUp, guestSignUpOut } from '../exams/guests';
import { USER_TYPE } from '../../../domain/codes';
import { endPageSession, startPageSession } from '../../pageSession';

const sessionOut = z.object({ user: sessionUserOut, access_token: z.string() });

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.db;

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
    async (request, reply) => {
      const limits = { login: app.config.login, tokens: app.tokenPolicy, challenges: app.challenges };
      const { user, accessToken } = await signIn(db, limits, request.log, request.body, request.ip);
      const answer = { user: await sessionUser(db, user), access_token: accessToken };
      await startPageSession(reply, db, app.tokenPolicy, accessToken);
      return answer;
    },
  );

  app.post(
    '/logout',
    {
      config: { access: 'signed-in', guest: true },
      schema: { tags: ['auth'], response: { 200: messageOut, 401: errorOut } },
    },
    async (request, reply) => {
      const actor = actorOf(request);
      await revokeToken(db, actor.tokenId);
      endPageSession(reply);
      request.log.info({ event: 'auth.logout', userId: actor.id }, 'signed out');
      return { message: 'You have been logged out', key: 'app.auth.loggedOut' };
    },
  );

  app.get(
    '/me',
    {
      config: { access: 'signed-in', guest: true },
      schema: { tags: ['auth'], response: { 200: z.object({ user: sessionUserOut }), 401: errorOut } },
    },
    async (request) => {
      return { user: await sessionUser(db, await userById(db, actorOf(request).id)) };
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
      schema: {
        tags: ['auth'],
        body: signUpSchema,
        response: {
          201: z.union([guestSignUpOut, sessionOut]),
          400: errorOut,
          404: errorOut,
          409: errorOut,
          429: errorOut,
        },
      },
    },
    async (request, reply) => {
      const input = request.body;
      if (input.type === USER_TYPE.guest) {
        // a guest test-taker: the same service, limits and budget as POST /temp/register (docs/API.md "Auth")
        await countGuestSignUp(db, request, reply);
        const answer = await guestSignUp(app, request, input);
        endPageSession(reply);
        request.log.info({ event: 'auth.register', userId: answer.user.id, type: USER_TYPE.guest }, 'guest registered');
        reply.code(201);
        return answer;
      }
      if (await getSetting(db, 'register_captcha')) {
        const refusal = challengeRefusal(await app.challenges.verify(input.captcha), 'app.public.challengeRequired');
        if (refusal) throw fieldError('captcha', refusal);
      }
      const row = await registerAccount(db, input);
      const accessToken = await issueToken(db, row.id, app.tokenPolicy);
      request.log.info({ event: 'auth.register', userId: row.id, type: row.type }, 'account registered');
      const answer = { user: await sessionUser(db, row), access_token: accessToken };
      await startPageSession(reply, db, app.tokenPolicy, accessToken);
      reply.code(201);
      return answer;
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
      const locale = requestLocale(request);
      await app.jobs.send('password-reset', { email, locale });
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
      const userId = await resetPassword(db, token, password);
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
      const user = await userById(db, id);
      checkNewPassword(request.body.password, user.email);
      const attempt = { ip: request.ip, policy: app.config.login, log: request.log };
      await checkCurrentPassword(db, attempt, user, request.body.current_password);
      await changePassword(db, actor, request.body.password);
      request.log.info({ event: 'auth.password.changed', userId: id, scope: scopeOf(actor).level }, 'password changed');
      return { message: 'Your password has been changed', key: 'app.auth.passwordChanged' };
    },
  );
};
