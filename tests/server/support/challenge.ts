import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { CHALLENGE_COST_RANGE } from '../../../domain/challenge';
import type { Database } from '../../../server/db/client';
import { settings } from '../../../server/db/schema';

/** The payload the widget puts in the form: base64 of {challenge, solution} (docs/api/challenge.md). */
export const encodePayload = (challenge: Challenge, solution: unknown) =>
  Buffer.from(
    JSON.stringify({ challenge: { parameters: challenge.parameters, signature: challenge.signature }, solution }),
  ).toString('base64');

/** A challenge from GET /api/captcha, as a browser asks for it. */
export async function fetchChallenge(app: FastifyInstance, from = '10.77.0.1'): Promise<Challenge> {
  const res = await app.inject({ url: '/api/captcha', remoteAddress: from });
  if (res.statusCode !== 200) throw new Error(`GET /api/captcha: ${res.statusCode} ${res.body}`);
  return res.json();
}

/** Solves a challenge with altcha-lib's own solver, as the widget's worker does. */
export async function solve(challenge: Challenge): Promise<string> {
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error('the challenge was not solved');
  return encodePayload(challenge, solution);
}

/** A fresh challenge from the server, solved: what a form sends in `captcha`. */
export const solvedChallenge = async (app: FastifyInstance, from?: string) => solve(await fetchChallenge(app, from));

/** The cheapest allowed cost, so that tests solve in a fraction of a second (the default is tested once). */
export async function cheapChallenges(db: Database) {
  await db.update(settings).set({ value: CHALLENGE_COST_RANGE.min }).where(eq(settings.key, 'challenge_cost'));
}
