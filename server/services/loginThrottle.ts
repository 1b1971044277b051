import { and, count, eq, gt, sql } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { loginAttempts } from '../db/schema';

export interface ThrottlePolicy {
  maxPerAccount: number;
  maxPerAddress: number;
  challengeAfter: number;
  windowMs: number;
}

/**
 * 'open': go on; 'challenge': the account has failed from many addresses, so
 * the caller must solve the proof-of-work challenge first (server/adapters/challenge.ts);
 * 'closed': too many failures from this address (429).
 */
export type ThrottleVerdict = 'open' | 'challenge' | 'closed';

/**
 * The login rate limit (also for guesses of current_password), over a
 * sliding window stored in the database so every API server shares it:
 * - failures for this account from this address: closed after maxPerAccount;
 * - failures from this address for any account: closed after maxPerAddress;
 * - failures for this account from every address: after challengeAfter, the
 *   challenge is asked. Nobody elsewhere can lock the owner out: from an
 *   address that has not failed, the right password (with the challenge,
 *   which the browser solves by itself) still gets in.
 * An account's failures count from its last success; nothing locks for good.
 */
export async function loginVerdict(
  db: Executor,
  email: string,
  ip: string,
  policy: ThrottlePolicy,
): Promise<ThrottleVerdict> {
  const since = new Date(Date.now() - policy.windowMs);
  const lastSuccess = sql`coalesce((select max(${loginAttempts.createdAt}) from ${loginAttempts} where ${loginAttempts.email} = ${email} and ${loginAttempts.succeeded}), 'epoch'::timestamptz)`;
  const [row] = await db
    .select({
      account: sql<number>`cast(count(*) filter (where ${loginAttempts.email} = ${email} and ${loginAttempts.createdAt} > ${lastSuccess}) as integer)`,
      pair: sql<number>`cast(count(*) filter (where ${loginAttempts.email} = ${email} and ${loginAttempts.ip} = ${ip} and ${loginAttempts.createdAt} > ${lastSuccess}) as integer)`,
    })
    .from(loginAttempts)
    .where(and(eq(loginAttempts.email, email), eq(loginAttempts.succeeded, false), gt(loginAttempts.createdAt, since)));
  if (row.pair >= policy.maxPerAccount) return 'closed';
  const [address] = await db
    .select({ n: count() })
    .from(loginAttempts)
    .where(and(eq(loginAttempts.ip, ip), eq(loginAttempts.succeeded, false), gt(loginAttempts.createdAt, since)));
  if (address.n >= policy.maxPerAddress) return 'closed';
  return row.account >= policy.challengeAfter ? 'challenge' : 'open';
}

export async function recordLoginAttempt(db: Executor, email: string, ip: string, succeeded: boolean) {
  await db.insert(loginAttempts).values({ email, ip: ip.slice(0, 64), succeeded });
}
