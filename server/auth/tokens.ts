import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { accessTokens } from '../db/schema';
import { randomToken, sha256 } from '../services/secrets';

export interface TokenPolicy { idleMs: number; maxMs: number }

/** Issues an opaque bearer token; only its hash is stored. */
export async function issueToken(db: Executor, userId: number, policy: TokenPolicy): Promise<string> {
  const token = randomToken();
  await db.insert(accessTokens).values({
    userId,
    tokenHash: sha256(token),
    expiresAt: new Date(Date.now() + policy.maxMs),
  });
  return token;
}

/** Last use is written at most this often, so reads don't each cost a write. */
const TOUCH_EVERY_MS = 60_000;

/**
 * The token's row if it is live: not revoked, before its absolute expiry, and
 * used within the idle window. A live token's last use is moved forward.
 */
export async function findLiveToken(db: Executor, token: string, policy: TokenPolicy) {
  const idleSince = new Date(Date.now() - policy.idleMs);
  const [row] = await db
    .select({ id: accessTokens.id, userId: accessTokens.userId, lastUsedAt: accessTokens.lastUsedAt })
    .from(accessTokens)
    .where(and(
      eq(accessTokens.tokenHash, sha256(token)),
      isNull(accessTokens.revokedAt),
      gt(accessTokens.expiresAt, sql`now()`),
      gt(accessTokens.lastUsedAt, idleSince),
    ));
  if (!row) return null;
  if (Date.now() - row.lastUsedAt.getTime() > TOUCH_EVERY_MS) {
    await db.update(accessTokens).set({ lastUsedAt: sql`now()` }).where(eq(accessTokens.id, row.id));
  }
  return { id: row.id, userId: row.userId };
}

export const revokeToken = (db: Executor, tokenId: number) =>
  db.update(accessTokens).set({ revokedAt: sql`now()` }).where(eq(accessTokens.id, tokenId));

export const revokeAllTokens = (db: Executor, userId: number) =>
  db.update(accessTokens).set({ revokedAt: sql`now()` }).where(and(eq(accessTokens.userId, userId), isNull(accessTokens.revokedAt)));
