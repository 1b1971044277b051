import { passwordProblem } from '../../domain/passwords';
import type { TextLocale } from '../../domain/texts';
import type { Mailer } from '../adapters/mailer';
import type { Executor } from '../db/client';
import { AppError, fieldError } from '../errors';
import { loginVerdict, recordLoginAttempt, type ThrottlePolicy } from './loginThrottle';
import { mailIn, mailLocales } from './mailText';
import { verifyPassword } from './passwords';

/** Where a guess of the current password comes from, and the limits it counts against (those of logins). */
export interface PasswordAttempt {
  ip: string;
  policy: ThrottlePolicy;
  log: { warn(obj: object, msg: string): void };
}

/**
 * Checks the current password a signed-in user typed to change their
 * password or email. Guesses count like failed logins (same table, same
 * limits per account and address): 429 once too many; 400 on a wrong one.
 */
export async function checkCurrentPassword(
  db: Executor,
  attempt: PasswordAttempt,
  user: { email: string; passwordHash: string },
  password: string | undefined,
) {
  if (!password) throw fieldError('current_password', 'app.validation.required');
  const email = user.email.toLowerCase();
  if ((await loginVerdict(db, email, attempt.ip, attempt.policy)) !== 'open') {
    attempt.log.warn({ event: 'auth.current_password.throttled' }, 'current password rate limit reached');
    throw new AppError(429, 'app.errors.tooManyAttempts');
  }
  const ok = await verifyPassword(user.passwordHash, password);
  await recordLoginAttempt(db, email, attempt.ip, ok);
  if (!ok) throw fieldError('current_password', 'app.errors.currentPasswordWrong');
}

/** The rules of a new password that need the account (domain/passwords.ts): 400 on the password field. */
export function checkNewPassword(password: string, email: string) {
  const problem = passwordProblem(password, email);
  if (problem) throw fieldError('password', problem);
}

/** What sends an account's mails: the app's mailer (it queues: server/services/jobs.ts) and the console's address. */
export interface AccountMail {
  mailer: Mailer;
  publicUrl: string;
}

/**
 * Tells an account's previous address that its email was changed (off the request), in the language of
 * the change: known when the account holder made it, a guess (followed by a second language) when an
 * admin did.
 */
export async function mailEmailChanged(
  send: AccountMail,
  to: { name: string; oldEmail: string; newEmail: string },
  language: { locale: TextLocale; known: boolean },
) {
  const mail = mailIn(mailLocales(language.locale, language.known), (t) => ({
    subject: t('mail.emailChanged.subject'),
    lines: [
      t('mail.greeting', { name: to.name }),
      '',
      t('mail.emailChanged.body', { email: to.newEmail }),
      t('mail.emailChanged.notYou', { url: send.publicUrl ?? '' }),
    ],
  }));
  await send.mailer.send({ to: to.oldEmail, ...mail });
}
