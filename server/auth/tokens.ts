import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { accessTokens } from '../db/schema';
import { randomToken, sha256 } from '../services/secrets';

/** A token's shape (server/services/secrets.ts `randomToken`, with room to spare): nothing else is looked up. */
export const TOKEN_SHAPE = /^[A-Za-z0-9_-]{20,200}$/;

export interface TokenPolicy {
  idleMs: number;
  maxMs: number;
}

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

/** Moves a live token's last use forward (at most once a minute). */
export async function touchToken(db: Executor, tokenId: number, lastUsedAt: Date) {
  if (Date.now() - lastUsedAt.getTime() > TOUCH_EVERY_MS) {
    await db
      .update(accessTokens)
      .set({ lastUsedAt: sql`now()` })
      .where(eq(accessTokens.id, tokenId));
  }
}

export const revokeToken = (db: Executor, tokenId: number) =>
  db
    .update(accessTokens)
    .set({ revokedAt: sql`now()` })
    .where(eq(accessTokens.id, tokenId));

export const revokeAllTokens = (db: Executor, userId: number) =>
  db
    .update(accessTokens)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(accessTokens.userId, userId), isNull(accessTokens.revokedAt)));

/** Ends every session of a user but one (the one changing the password or email). */
export const revokeOtherTokens = (db: Executor, userId: number, keepTokenId: number) =>
  db
    .update(accessTokens)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(accessTokens.userId, userId), isNull(accessTokens.revokedAt), ne(accessTokens.id, keepTokenId)));
