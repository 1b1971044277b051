import { USER_TYPE } from '../../domain/codes';
import { ROLE } from '../../domain/permissions';
import type { LoginInput, RegisterInput } from '../../domain/schemas/auth';
import type { TextLocale } from '../../domain/texts';
import type { Challenges } from '../adapters/challenge';
import { challengeRefusal } from '../adapters/challenge';
import { rolesAndPermissionsOf } from '../auth/actor';
import { issueToken, revokeAllTokens, revokeOtherTokens, type TokenPolicy } from '../auth/tokens';
import type { Database, Executor } from '../db/client';
import { isUniqueViolation } from '../db/errors';
import { AppError, conflict, fieldError } from '../errors';
import {
  findLiveReset,
  insertPasswordReset,
  insertRegisteredUser,
  resetMailsSince,
  setPasswordHash,
  useReset,
  voidResetsOf,
} from '../repositories/accounts';
import { assignBuiltInRole, findUserByEmail, presentUser, userLogValue, type UserRow } from '../repositories/users';
import type { AccountMail } from './accountSecurity';
import { checkNewPassword } from './accountSecurity';
import { writeLog } from './audit';
import { loginVerdict, recordLoginAttempt, type ThrottlePolicy } from './loginThrottle';
import { mailIn, mailLocales } from './mailText';
import { dummyPasswordHash, hashPassword, verifyPassword } from './passwords';
import { randomToken, sha256 } from './secrets';

/** The log lines a workflow of the accounts writes (the request's logger, or the app's). */
export interface AccountLog {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
}

/** At most this many reset mails per account within the login window. */
const RESET_MAILS_PER_WINDOW = 3;

/** The signed-in user as the console keeps it: the account, its role names and its effective permissions. */
export async function sessionUser(db: Executor, row: UserRow) {
  const access = await rolesAndPermissionsOf(db, row.id);
  return { ...presentUser(row, access.roles), permissions: access.permissions };
}

/**
 * Signs in with email and password, within the login limits (services/loginThrottle.ts): 429 when closed,
 * the challenge when many addresses failed, 401 on a wrong pair, 403 for a deactivated account.
 * Returns the account and a new token.
 */
export async function signIn(
  db: Database,
  limits: { login: ThrottlePolicy; tokens: TokenPolicy; challenges: Challenges },
  log: AccountLog,
  input: LoginInput,
  ip: string,
) {
  const { email, password } = input;
  const verdict = await loginVerdict(db, email, ip, limits.login);
  if (verdict === 'closed') {
    log.warn({ event: 'auth.login.throttled', ip }, 'login rate limit reached');
    throw new AppError(429, 'app.errors.tooManyAttempts');
  }
  if (verdict === 'challenge') {
    // many failures from many addresses: whoever signs in now solves the challenge first (their browser does)
    const refusal = challengeRefusal(await limits.challenges.verify(input.captcha), 'app.errors.challengeRequired');
    if (refusal) {
      log.info({ event: 'auth.login.challenge', refusal }, 'login asked for the challenge');
      throw fieldError('captcha', refusal);
    }
  }
  const user = await findUserByEmail(db, email);
  const ok = await verifyPassword(user?.passwordHash ?? (await dummyPasswordHash()), password);
  await recordLoginAttempt(db, email, ip, !!user && ok);
  if (!user || !ok) {
    log.info({ event: 'auth.login.failed', userId: user?.id ?? null, ip }, 'login failed');
    throw new AppError(401, 'app.errors.invalidCredentials');
  }
  if (user.removed !== 0) {
    log.info({ event: 'auth.login.inactive', userId: user.id }, 'login refused: account deactivated');
    throw new AppError(403, 'app.errors.accountInactive');
  }
  const accessToken = await issueToken(db, user.id, limits.tokens);
  log.info({ event: 'auth.login', userId: user.id }, 'signed in');
  return { user, accessToken };
}

const emailTaken = () => conflict('app.errors.emailTaken', { email: 'app.errors.emailTaken' });

/**
 * Creates an account from the sign-up form, in one transaction with its role and log row: families get the
 * student role now; teachers get theirs when an admin approves them. 409 when the email is taken.
 */
export async function registerAccount(db: Database, input: RegisterInput): Promise<UserRow> {
  const passwordHash = await hashPassword(input.password);
  return db
    .transaction(async (tx) => {
      if (await findUserByEmail(tx, input.email)) throw emailTaken();
      const created = await insertRegisteredUser(tx, input, passwordHash);
      if (input.type !== USER_TYPE.teacher) await assignBuiltInRole(tx, created.id, ROLE.student);
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
      if (isUniqueViolation(error)) throw emailTaken();
      throw error;
    });
}

/**
 * Mails a reset link to an active account (at most RESET_MAILS_PER_WINDOW per login window); the link's
 * base is configuration, never the request.
 */
export async function sendResetMail(
  db: Executor,
  send: AccountMail & { resetTokenMs: number; windowMs: number },
  log: AccountLog,
  email: string,
  locale: TextLocale,
) {
  const user = await findUserByEmail(db, email);
  if (!user || user.removed !== 0) {
    log.info({ event: 'auth.reset.unknown' }, 'password reset asked for an unknown or inactive account');
    return;
  }
  if ((await resetMailsSince(db, user.id, new Date(Date.now() - send.windowMs))) >= RESET_MAILS_PER_WINDOW) {
    // the same answer, but no more mail: nobody can flood a mailbox through this form
    log.warn({ event: 'auth.reset.throttled', userId: user.id }, 'password reset mail limit reached');
    return;
  }
  const token = randomToken();
  await insertPasswordReset(db, user.id, sha256(token), new Date(Date.now() + send.resetTokenMs));
  // led by the language the reset was asked in (the account holder's, as a rule); anyone may ask for any
  // address, so the whole mail follows in a second language
  const mail = mailIn(mailLocales(locale, false), (t) => ({
    subject: t('mail.reset.subject'),
    lines: [
      t('mail.greeting', { name: user.name }),
      '',
      t('mail.reset.open'),
      `${send.publicUrl}/reset-password/${token}`,
      '',
      t('mail.reset.expiry', { smart_count: Math.round(send.resetTokenMs / 60_000) }),
      t('mail.reset.ignore'),
    ],
  }));
  await send.mailer.send({ to: user.email, ...mail });
  log.info({ event: 'auth.reset.requested', userId: user.id }, 'password reset mail sent');
}

/**
 * Sets a new password through a reset link: the link is used once, every other link of the account is
 * void and every session ends. 400 on a link that does not work (checked before anything is hashed).
 * Returns the account's id.
 */
export async function resetPassword(db: Database, token: string, password: string): Promise<number> {
  const invalid = () => new AppError(400, 'app.errors.resetTokenInvalid', { token: 'app.errors.resetTokenInvalid' });
  const tokenHash = sha256(token);
  const found = await findLiveReset(db, tokenHash);
  if (!found) throw invalid();
  checkNewPassword(password, found.email);
  const passwordHash = await hashPassword(password);
  return db.transaction(async (tx) => {
    const userId = await useReset(tx, found.id, tokenHash);
    if (userId === undefined) throw invalid();
    await voidResetsOf(tx, userId);
    await setPasswordHash(tx, userId, passwordHash);
    await revokeAllTokens(tx, userId);
    await writeLog(tx, {
      actorId: userId,
      action: 'reset_password',
      entity: 'user',
      entityId: userId,
      newValue: { password: 'changed' },
    });
    return userId;
  });
}

/** Stores an owner's new password; whoever else holds a session of the account is signed out, this session stays. */
export async function changePassword(db: Database, owner: { id: number; tokenId: number }, password: string) {
  const passwordHash = await hashPassword(password);
  await db.transaction(async (tx) => {
    await setPasswordHash(tx, owner.id, passwordHash);
    await revokeOtherTokens(tx, owner.id, owner.tokenId);
    await writeLog(tx, {
      actorId: owner.id,
      action: 'change_password',
      entity: 'user',
      entityId: owner.id,
      newValue: { password: 'changed' },
    });
  });
}
