import { and, count, eq, gt, lt } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { publicSends } from '../db/schema';
import { AppError, fieldError } from '../errors';
import { verifyCaptcha } from './captcha';

/**
 * Abuse limits of the public forms, per address, over a window stored in
 * the database (every API server shares it), like the login limit: after
 * `captchaAfter` sends the captcha (GET /captcha) is required, after
 * `maxPerWindow` the address waits (429).
 */
export interface PublicSendPolicy {
  captchaAfter: number;
  maxPerWindow: number;
  windowMs: number;
}
export const PUBLIC_SEND_POLICY: PublicSendPolicy = { captchaAfter: 3, maxPerWindow: 10, windowMs: 60 * 60_000 };

/** How long sends are kept at all. */
const KEEP_MS = 24 * 60 * 60_000;

export type PublicSendKind = 'order' | 'form';

export async function sendsFrom(
  db: Executor,
  ip: string,
  policy: PublicSendPolicy = PUBLIC_SEND_POLICY,
): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(publicSends)
    .where(and(eq(publicSends.ip, ip), gt(publicSends.createdAt, new Date(Date.now() - policy.windowMs))));
  return row.n;
}

/** 429 when the address has sent too much in the window. */
export async function refuseWhenTooMany(
  db: Executor,
  ip: string,
  policy: PublicSendPolicy = PUBLIC_SEND_POLICY,
): Promise<number> {
  const sent = await sendsFrom(db, ip, policy);
  if (sent >= policy.maxPerWindow) throw new AppError(429, 'app.public.tooManySends');
  return sent;
}

/** After a few sends, a right answer to a captcha (each good for one try) is required. */
export async function requireCaptchaAfterRepeats(
  db: Executor,
  sent: number,
  captcha: { key?: string; answer?: string },
  policy: PublicSendPolicy = PUBLIC_SEND_POLICY,
): Promise<void> {
  if (sent < policy.captchaAfter) return;
  if (!captcha.key || !captcha.answer) throw fieldError('captcha', 'app.public.captchaRequired');
  if (!(await verifyCaptcha(db, captcha.key, captcha.answer))) throw fieldError('captcha', 'app.errors.captchaWrong');
}

export async function recordSend(db: Executor, ip: string, kind: PublicSendKind): Promise<void> {
  await db.delete(publicSends).where(lt(publicSends.createdAt, new Date(Date.now() - KEEP_MS)));
  await db.insert(publicSends).values({ ip: ip.slice(0, 64), kind });
}
