import { and, count, eq, gt, lt } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { publicSends } from '../db/schema';
import { AppError, fieldError } from '../errors';
import { challengeRefusal, type Challenges } from '../adapters/challenge';

/**
 * Abuse limits of the public forms, per address, over a window stored in
 * the database (every API server shares it), like the login limit: after
 * `challengeAfter` sends the proof-of-work challenge (GET /captcha,
 * server/adapters/challenge.ts) is required, after `maxPerWindow` the address
 * waits (429).
 */
export interface PublicSendPolicy {
  challengeAfter: number;
  maxPerWindow: number;
  windowMs: number;
}
export const PUBLIC_SEND_POLICY: PublicSendPolicy = { challengeAfter: 3, maxPerWindow: 10, windowMs: 60 * 60_000 };

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

/** After a few sends, a solved challenge (each good for one send) is required. */
export async function requireChallengeAfterRepeats(
  challenges: Challenges,
  sent: number,
  solution: string | undefined,
  policy: PublicSendPolicy = PUBLIC_SEND_POLICY,
): Promise<void> {
  if (sent < policy.challengeAfter) return;
  const refusal = challengeRefusal(await challenges.verify(solution), 'app.public.challengeRequired');
  if (refusal) throw fieldError('captcha', refusal);
}

export async function recordSend(db: Executor, ip: string, kind: PublicSendKind): Promise<void> {
  await db.delete(publicSends).where(lt(publicSends.createdAt, new Date(Date.now() - KEEP_MS)));
  await db.insert(publicSends).values({ ip: ip.slice(0, 64), kind });
}
