import { createHmac } from 'node:crypto';
import { createChallenge, randomInt, verifySolution, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import {
  CHALLENGE_ALGORITHM,
  CHALLENGE_COST_DEFAULT,
  CHALLENGE_ITERATIONS,
  CHALLENGE_PAYLOAD_MAX,
  CHALLENGE_TTL_MS,
  isChallengeCost,
} from '../../domain/challenge';
import type { MessageKey } from '../../domain/messages';
import type { Executor } from '../db/client';
import { serverSecrets, usedChallenges } from '../db/schema';
import { getSetting } from '../repositories/settings';
import { randomToken } from '../services/secrets';

/**
 * The proof-of-work challenge asked of a visitor instead of a captcha
 * (ALTCHA, docs/api/challenge.md). Nothing to read: the browser finds the
 * number the server picked by trying key derivations, which costs it about a
 * second, and costs a script sending thousands of forms as many seconds.
 *
 * - Issuing writes nothing: the challenge is signed (HMAC) with a key every
 *   API process shares, and carries its own expiry (CHALLENGE_TTL_MS). It
 *   costs the server one key derivation (CHALLENGE_ITERATIONS), less than
 *   one password hash, so it needs no per-address cap.
 * - Verifying checks the signatures (no derivation) and the expiry, then
 *   records the challenge's signature in PostgreSQL: a solution is good once,
 *   on whichever process it arrives.
 */

/** A challenge as issued: signed, with the derived key's signature and an expiry (seconds). */
export type SignedChallenge = Challenge & {
  parameters: Challenge['parameters'] & { keySignature: string; expiresAt: number };
  signature: string;
};

/** Why a solution is refused, or 'ok'. */
export type ChallengeVerdict = 'ok' | 'missing' | 'invalid' | 'expired' | 'used';

export interface Challenges {
  /** A new signed challenge, at the cost the settings say (setting challenge_cost). */
  issue(): Promise<SignedChallenge>;
  /** Checks a solution (the widget's base64 payload) and, when good, uses it up. */
  verify(payload: string | undefined): Promise<ChallengeVerdict>;
}

/** The name of the key in server_secrets, and the labels of the two keys derived from it. */
const SECRET_NAME = 'challenge_hmac';
const SIGNATURE_LABEL = 'neomi challenge signature';
const KEY_SIGNATURE_LABEL = 'neomi challenge key signature';
/** Used signatures are kept this long past their expiry, for processes whose clocks differ a little. */
const KEEP_USED_AFTER_EXPIRY = sql`interval '1 hour'`;

const hex = (length?: number) => z.string().regex(length ? new RegExp(`^[0-9a-f]{${length}}$`) : /^[0-9a-f]+$/);

/** Exactly what issue() signs: a payload with other fields, or other types, is refused before any check. */
const payloadSchema = z.strictObject({
  challenge: z.strictObject({
    parameters: z.strictObject({
      algorithm: z.literal(CHALLENGE_ALGORITHM),
      cost: z.number().int().positive(),
      expiresAt: z.number().int().positive(),
      keyLength: z.number().int().positive().max(64),
      keyPrefix: hex().max(128),
      keySignature: hex(64),
      nonce: hex(32),
      salt: hex(32),
    }),
    signature: hex(64),
  }),
  solution: z.strictObject({
    counter: z.number().int().nonnegative(),
    derivedKey: hex().max(128),
    time: z.number().nonnegative().optional(),
  }),
});

const parsePayload = (payload: string) => {
  try {
    return payloadSchema.safeParse(JSON.parse(Buffer.from(payload, 'base64').toString('utf8')));
  } catch {
    return { success: false as const };
  }
};

/** A key kept in the database, made by whichever process needs it first (the others read the same one). */
async function storedSecret(db: Executor, name: string): Promise<string> {
  await db
    .insert(serverSecrets)
    .values({ name, value: randomToken(48) })
    .onConflictDoNothing();
  const [row] = await db.select({ value: serverSecrets.value }).from(serverSecrets).where(eq(serverSecrets.name, name));
  return row.value;
}

const derive = (master: string, label: string) => createHmac('sha256', master).update(label).digest('hex');

/** The cost setting, or the default when the stored value is out of range. */
async function currentCost(db: Executor): Promise<number> {
  const value = await getSetting(db, 'challenge_cost');
  return isChallengeCost(value) ? value : CHALLENGE_COST_DEFAULT;
}

/**
 * The challenges of one API process. The signing key is `secret` (the
 * CHALLENGE_SECRET setting) or else the one in server_secrets: never a key
 * of this process alone, so any process verifies what another issued.
 */
export function createChallenges(db: Executor, options: { secret?: string } = {}): Challenges {
  let keys: Promise<{ signature: string; keySignature: string }> | undefined;
  const secrets = () => {
    keys ??= (options.secret ? Promise.resolve(options.secret) : storedSecret(db, SECRET_NAME)).then((master) => ({
      signature: derive(master, SIGNATURE_LABEL),
      keySignature: derive(master, KEY_SIGNATURE_LABEL),
    }));
    // a failed read (the database away for a moment) is tried again next time
    keys.catch(() => (keys = undefined));
    return keys;
  };

  return {
    async issue() {
      const [{ signature, keySignature }, cost] = await Promise.all([secrets(), currentCost(db)]);
      const challenge = await createChallenge({
        algorithm: CHALLENGE_ALGORITHM,
        cost: CHALLENGE_ITERATIONS,
        counter: randomInt(cost, 1),
        deriveKey,
        expiresAt: new Date(Date.now() + CHALLENGE_TTL_MS),
        hmacSignatureSecret: signature,
        hmacKeySignatureSecret: keySignature,
      });
      if (!challenge.signature || !challenge.parameters.keySignature || !challenge.parameters.expiresAt)
        throw new Error('altcha-lib gave a challenge without its signatures or expiry');
      return challenge as SignedChallenge;
    },

    async verify(payload) {
      if (!payload) return 'missing';
      if (payload.length > CHALLENGE_PAYLOAD_MAX) return 'invalid';
      const parsed = parsePayload(payload);
      if (!parsed.success) return 'invalid';
      const { challenge, solution } = parsed.data;
      const { signature, keySignature } = await secrets();
      const result = await verifySolution({
        challenge,
        solution,
        deriveKey,
        hmacSignatureSecret: signature,
        hmacKeySignatureSecret: keySignature,
      }).catch(() => null);
      if (!result) return 'invalid';
      if (result.expired) return 'expired';
      if (!result.verified) return 'invalid';
      // good: used up now, for every process (the primary key refuses a second use)
      await db.delete(usedChallenges).where(sql`${usedChallenges.expiresAt} < now() - ${KEEP_USED_AFTER_EXPIRY}`);
      const [fresh] = await db
        .insert(usedChallenges)
        .values({ signature: challenge.signature, expiresAt: new Date(challenge.parameters.expiresAt * 1000) })
        .onConflictDoNothing()
        .returning({ signature: usedChallenges.signature });
      return fresh ? 'ok' : 'used';
    },
  };
}

/**
 * The message key that refuses a verdict (the field error of `captcha`), or
 * null for a good solution. `required`: the key for a missing one, which
 * says why it is asked (many failed sign-ins, many sends).
 */
export function challengeRefusal(verdict: ChallengeVerdict, required: MessageKey): MessageKey | null {
  switch (verdict) {
    case 'ok':
      return null;
    case 'missing':
      return required;
    case 'expired':
      return 'app.errors.challengeExpired';
    default:
      // a wrong, forged or replayed solution: the browser solves a new challenge and sends again
      return 'app.errors.challengeFailed';
  }
}
