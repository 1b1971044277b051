/**
 * The proof-of-work challenge that stands in for a captcha (docs/api/challenge.md):
 * the server signs a puzzle, the visitor's browser solves it in the background,
 * nothing is read or typed.
 *
 * Its cost is the setting `challenge_cost`: the largest number of tries (each
 * a PBKDF2-SHA-256 key derivation of CHALLENGE_ITERATIONS iterations) that a
 * challenge may need. The answer is drawn at random between 1 and the cost,
 * so a browser needs half the cost on average. The default takes about a
 * second on a mid-range phone (docs/api/challenge.md has the measurements).
 */
export const CHALLENGE_COST_RANGE = { min: 1_000, max: 200_000 } as const;
export const CHALLENGE_COST_DEFAULT = 10_000;
/** PBKDF2 iterations of one try. */
export const CHALLENGE_ITERATIONS = 1_000;
export const CHALLENGE_ALGORITHM = 'PBKDF2/SHA-256';
/** A challenge is good for this long after it is issued. */
export const CHALLENGE_TTL_MS = 10 * 60_000;
/** The longest solution (the widget's base64 payload) a request may carry. */
export const CHALLENGE_PAYLOAD_MAX = 4_000;

export const isChallengeCost = (value: unknown): value is number =>
  typeof value === 'number' &&
  Number.isInteger(value) &&
  value >= CHALLENGE_COST_RANGE.min &&
  value <= CHALLENGE_COST_RANGE.max;
