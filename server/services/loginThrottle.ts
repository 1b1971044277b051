import { and, count, eq, gt, sql } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { loginAttempts } from '../db/schema';

export interface ThrottlePolicy { maxPerAccount: number; maxPerAddress: number; windowMs: number }

/**
 * Login rate limit, per account and per address, over a sliding window
 * stored in the database (so every API server shares it). An account's
 * failures count from its last successful login; nothing locks for good.
 */
export async function isLoginThrottled(db: Executor, email: string, ip: string, policy: ThrottlePolicy): Promise<boolean> {
  const since = new Date(Date.now() - policy.windowMs);
  const lastSuccess = sql`coalesce((select max(${loginAttempts.createdAt}) from ${loginAttempts} where ${loginAttempts.email} = ${email} and ${loginAttempts.succeeded}), 'epoch'::timestamptz)`;
  const [account] = await db.select({ n: count() }).from(loginAttempts).where(and(
    eq(loginAttempts.email, email), eq(loginAttempts.succeeded, false), gt(loginAttempts.createdAt, since), gt(loginAttempts.createdAt, lastSuccess),
  ));
  if (account.n >= policy.maxPerAccount) return true;
  const [address] = await db.select({ n: count() }).from(loginAttempts).where(and(
    eq(loginAttempts.ip, ip), eq(loginAttempts.succeeded, false), gt(loginAttempts.createdAt, since),
  ));
  return address.n >= policy.maxPerAddress;
}

export async function recordLoginAttempt(db: Executor, email: string, ip: string, succeeded: boolean) {
  await db.insert(loginAttempts).values({ email, ip, succeeded });
}
