/**
 * Each marker's deviation from the consensus, and the drift flag (docs/RELIABILITY.md, docs/DECISIONS.md
 * "Marker reliability: the consensus and the drift rule").
 *
 * The consensus a marking is compared with, on a drawing, is the mean of the OTHER finished markings of the same test
 * on that drawing (leave-one-out): with two markings it is the other marker's score, with three the mean of the other
 * two. A marker's own score never pulls the consensus towards itself, and a third marker is a marker like the others
 * (the product stores no "agreed" score: the drawings' marks feed no other figure).
 *
 *   deviation = score − mean(other markers' scores on the same drawing)
 *   mean deviation (signed) = Σ deviation / drawings        > 0: more generous than the others, < 0: stricter
 *   mean absolute deviation = Σ |deviation| / drawings      how far apart, whichever way
 *
 * The drift rule: a marker drifts on a criterion when they marked at least DRIFT_MIN_TESTS double-marked tests of
 * the cohort and the absolute value of their signed mean deviation there is above DRIFT_SHARE of the criterion's
 * range (0.45 of originality's 0–3, 0.3 of closure's 0–2, 1.5 of a drawing's 0–10 total). A systematic lean is
 * flagged, not the scatter every pair of markers has: scatter averages out in the signed mean, a lean does not.
 */

/** Fewest double-marked tests of a marker in a cohort before their deviation is judged. */
export const DRIFT_MIN_TESTS = 5;
/** The share of a criterion's range a marker's mean deviation must exceed to be flagged. */
export const DRIFT_SHARE = 0.15;

/** The size of deviation that flags a marker on a criterion whose scores run from 0 to `max`. */
/** (rounded to 1e-9, so 0.15 × 3 is 0.45 and not 0.44999…) */
export const driftThreshold = (max: number): number => Math.round(DRIFT_SHARE * max * 1e9) / 1e9;

export interface DeviationSummary {
  /** drawings compared */
  drawings: number;
  /** signed mean deviation from the consensus (null with no drawing) */
  mean: number | null;
  /** mean absolute deviation (null with no drawing) */
  meanAbsolute: number | null;
}

/** The signed and absolute mean of some deviations. */
export function summariseDeviations(deviations: readonly number[]): DeviationSummary {
  if (!deviations.length) return { drawings: 0, mean: null, meanAbsolute: null };
  const sum = deviations.reduce((s, d) => s + d, 0);
  const abs = deviations.reduce((s, d) => s + Math.abs(d), 0);
  return { drawings: deviations.length, mean: sum / deviations.length, meanAbsolute: abs / deviations.length };
}

/** A score against the leave-one-out consensus: the mean of the others' scores (null when nobody else scored it). */
export function deviationFromOthers(own: number, others: readonly number[]): number | null {
  if (!others.length) return null;
  return own - others.reduce((s, x) => s + x, 0) / others.length;
}

/** The drift rule: enough tests, and a signed mean deviation beyond the criterion's threshold. */
export function drifts(tests: number, meanDeviation: number | null, max: number): boolean {
  return tests >= DRIFT_MIN_TESTS && meanDeviation !== null && Math.abs(meanDeviation) > driftThreshold(max);
}
