import type { FastifyInstance, FastifyRequest } from 'fastify';
import { passwordProblem } from '../../domain/passwords';
import { AppError, fieldError } from '../errors';
import { loginVerdict, recordLoginAttempt } from './loginThrottle';
import { verifyPassword } from './passwords';

/**
 * Checks the current password a signed-in user typed to change their
 * password or email. Guesses count like failed logins (same table, same
 * limits per account and address): 429 once too many; 400 on a wrong one.
 */
export async function checkCurrentPassword(
  app: FastifyInstance,
  request: FastifyRequest,
  user: { email: string; passwordHash: string },
  password: string | undefined,
) {
  if (!password) throw fieldError('current_password', 'app.validation.required');
  const email = user.email.toLowerCase();
  if ((await loginVerdict(app.db, email, request.ip, app.config.login)) !== 'open') {
    request.log.warn({ event: 'auth.current_password.throttled' }, 'current password rate limit reached');
    throw new AppError(429, 'app.errors.tooManyAttempts');
  }
  const ok = await verifyPassword(user.passwordHash, password);
  await recordLoginAttempt(app.db, email, request.ip, ok);
  if (!ok) throw fieldError('current_password', 'app.errors.currentPasswordWrong');
}

/** The rules of a new password that need the account (domain/passwords.ts): 400 on the password field. */
export function checkNewPassword(password: string, email: string) {
  const problem = passwordProblem(password, email);
  if (problem) throw fieldError('password', problem);
}

/** Tells an account's previous address that its email was changed (off the request). */
export function mailEmailChanged(app: FastifyInstance, to: { name: string; oldEmail: string; newEmail: string }) {
  app.background.run('mail.email_changed', () =>
    app.mailer.send({
      to: to.oldEmail,
      subject: 'Neomi Academy: your email address was changed / تم تغيير بريدك الإلكتروني',
      text: [
        `Hello ${to.name},`,
        '',
        `The email address of your Neomi Academy account was changed to ${to.newEmail}.`,
        `If you did not do this, reply to this mail or contact the academy at once: ${app.config.publicUrl}`,
        '',
        `تم تغيير البريد الإلكتروني لحسابك في أكاديمية نيومي إلى ${to.newEmail}. إن لم تفعل ذلك فتواصل مع الأكاديمية فورًا.`,
      ].join('\n'),
    }),
  );
}
