import { and, count, eq, gt, lt, sql } from 'drizzle-orm';
import svgCaptcha from 'svg-captcha';
import type { Executor } from '../db/client';
import { captchas } from '../db/schema';
import { AppError } from '../errors';
import { randomToken, sha256 } from './secrets';

const CAPTCHA_TTL_MS = 10 * 60_000;

/**
 * A new picture captcha: the answer is kept hashed, keyed by a random key.
 * One address gets at most `perAddress` captchas within their lifetime
 * (429 beyond), so nobody farms them to solve offline.
 */
export async function createCaptcha(db: Executor, ip: string, perAddress: number) {
  await db.delete(captchas).where(lt(captchas.expiresAt, sql`now()`));
  const address = ip.slice(0, 64);
  const [issued] = await db.select({ n: count() }).from(captchas).where(eq(captchas.ip, address));
  if (issued.n >= perAddress) throw new AppError(429, 'app.errors.tooManyAttempts');
  const captcha = svgCaptcha.create({ size: 5, noise: 2, ignoreChars: '0oO1iIlL' });
  const key = randomToken(24);
  await db.insert(captchas).values({
    key,
    answerHash: sha256(captcha.text.toLowerCase()),
    expiresAt: new Date(Date.now() + CAPTCHA_TTL_MS),
    ip: address,
  });
  return { key, image: captcha.data };
}

/** True when the answer matches; a captcha is good for one try only. */
export async function verifyCaptcha(
  db: Executor,
  key: string | undefined,
  answer: string | undefined,
): Promise<boolean> {
  if (!key || !answer) return false;
  const [row] = await db
    .delete(captchas)
    .where(and(eq(captchas.key, key), gt(captchas.expiresAt, sql`now()`)))
    .returning({ answerHash: captchas.answerHash });
  return !!row && row.answerHash === sha256(answer.trim().toLowerCase());
}
