/**
 * The statistics rules of the Neomi reports (docs/api/reports.md "Statistics"):
 * how a learner's score is labelled against the takers of the same test, the
 * percentile shown beside it, and the effect size of a group's pre → post
 * change. Pure: the server computes the aggregates in SQL (avg, stddev_samp,
 * rank, cume_dist, count) and hands them to these functions; the console
 * shows what they return.
 */

/** The label 'student degree (above/below/average)'. */
export const DEGREE = { above: 'above', average: 'average', below: 'below' } as const;
export type Degree = (typeof DEGREE)[keyof typeof DEGREE];

/** Above or below when the score is more than this many standard deviations from the mean. */
export const DEGREE_SD_MARGIN = 0.5;

/** The takers of one test and one dimension, as SQL gives them. */
export interface Distribution {
  /** number of takers (with a score) */
  n: number;
  /** mean of their scores: avg() */
  mean: number | null;
  /** sample standard deviation: stddev_samp(), null for fewer than two takers */
  sd: number | null;
}

/**
 * above / average / below: above when score > mean + ½·SD, below when
 * score < mean − ½·SD, otherwise average. With fewer than two takers or no
 * spread at all (SD 0 or unknown) there is nothing to be above: average.
 * Exactly ½·SD away is still average ("more than half").
 */
export function degreeOf(score: number, dist: Distribution): Degree {
  if (dist.n < 2 || dist.mean === null || dist.sd === null || !(dist.sd > 0)) return DEGREE.average;
  const margin = DEGREE_SD_MARGIN * dist.sd;
  if (score > dist.mean + margin) return DEGREE.above;
  if (score < dist.mean - margin) return DEGREE.below;
  return DEGREE.average;
}

/**
 * The percentile rank shown with the label: the share of takers who scored
 * lower, counting those with the same score as half below,
 * 100 · (below + ½·equal) / n, rounded to a whole number. `below` and `equal`
 * come from SQL (rank() − 1 and cume_dist()·n − below). A single taker is
 * at the 50th percentile; no takers: null.
 */
export function percentileOf(below: number, equal: number, n: number): number | null {
  if (n <= 0) return null;
  return Math.round((100 * (below + equal / 2)) / n);
}

/** Conventional bands of an effect size (Cohen 1988): |d| < 0.2 negligible, < 0.5 small, < 0.8 medium, else large. */
export const EFFECT_SIZE = { negligible: 'negligible', small: 'small', medium: 'medium', large: 'large' } as const;
export type EffectSizeBand = (typeof EFFECT_SIZE)[keyof typeof EFFECT_SIZE];

/** The changes post − pre of the learners of a group who took both tests, as SQL gives them. */
export interface PairedChanges {
  /** learners with both a pre and a post score */
  n: number;
  /** avg(post − pre) */
  meanChange: number | null;
  /** stddev_samp(post − pre) */
  sdChange: number | null;
}

/**
 * Cohen's d for paired scores (d_z): the mean of the differences divided by
 * the sample standard deviation of the differences. Undefined (null) with
 * fewer than two pairs or when every learner changed by exactly the same
 * amount (SD 0): a ratio over no spread says nothing. Rounded to 2 decimals.
 */
export function pairedEffectSize(changes: PairedChanges): number | null {
  const { n, meanChange, sdChange } = changes;
  if (n < 2 || meanChange === null || sdChange === null || !(sdChange > 0)) return null;
  return round2(meanChange / sdChange);
}

export function effectSizeBand(d: number | null): EffectSizeBand | null {
  if (d === null) return null;
  const size = Math.abs(d);
  if (size < 0.2) return EFFECT_SIZE.negligible;
  if (size < 0.5) return EFFECT_SIZE.small;
  if (size < 0.8) return EFFECT_SIZE.medium;
  return EFFECT_SIZE.large;
}

/** Two decimals, for means and SDs sent to clients (null stays null). */
export const round2 = (value: number | null): number | null =>
  value === null || !Number.isFinite(value) ? null : Math.round(value * 100) / 100;
