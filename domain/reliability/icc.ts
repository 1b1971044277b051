import { fQuantile } from './distributions';

/**
 * ICC(2,1): the intraclass correlation of a two-way random-effects model, absolute agreement, single rater
 * (Shrout & Fleiss 1979, "Intraclass correlations: uses in assessing rater reliability", Psychological Bulletin 86,
 * case 2; McGraw & Wong 1996, "Forming inferences about some intraclass correlation coefficients", Psychological
 * Methods 1, ICC(A,1) of model 2A). docs/RELIABILITY.md says how to read it.
 *
 * For n targets each rated by the same k raters (x_ij, target i, rater j), from the two-way ANOVA:
 *   BMS = k·Σ_i (x̄_i. − x̄)² / (n − 1)                      between targets (MSR)
 *   JMS = n·Σ_j (x̄_.j − x̄)² / (k − 1)                      between raters (MSC)
 *   EMS = (SS_total − SS_targets − SS_raters) / ((n − 1)(k − 1))   residual (MSE)
 *   ICC(2,1) = (BMS − EMS) / (BMS + (k − 1)·EMS + k·(JMS − EMS)/n)            (Shrout & Fleiss eq. 2)
 *
 * Its 1 − α confidence interval (McGraw & Wong 1996, Table 7, case 2A, ICC(A,1); Shrout & Fleiss eq. 7–8), with
 * ρ̂ the estimate above and Satterthwaite's degrees of freedom v:
 *   a = k·ρ̂ / (n·(1 − ρ̂)),   b = 1 + k·ρ̂·(n − 1) / (n·(1 − ρ̂))
 *   v = (a·JMS + b·EMS)² / ((a·JMS)² / (k − 1) + (b·EMS)² / ((n − 1)(k − 1)))
 *   F* = F_{1−α/2}(n − 1, v),   F_* = F_{1−α/2}(v, n − 1)
 *   lower = n·(BMS − F*·EMS) / (F*·(k·JMS + (k·n − k − n)·EMS) + n·BMS)
 *   upper = n·(F_*·BMS − EMS) / (k·JMS + (k·n − k − n)·EMS + n·F_*·BMS)
 */

export interface IccResult {
  /** ICC(2,1) */
  value: number;
  /** the 95 % confidence interval (clipped to −1 … 1) */
  lower: number;
  upper: number;
  /** targets and raters */
  n: number;
  k: number;
  /** the mean squares of the ANOVA */
  bms: number;
  jms: number;
  ems: number;
  /** Satterthwaite's degrees of freedom of the interval */
  v: number;
}

const clip = (x: number) => Math.max(-1, Math.min(1, x));

/**
 * ICC(2,1) with its 95 % interval for `ratings`: one row per target, one column per rater, every cell given.
 * Null when it is undefined: fewer than two targets or raters, or no variation at all (every denominator 0).
 */
export function icc21(ratings: readonly (readonly number[])[], alpha = 0.05): IccResult | null {
  const n = ratings.length;
  const k = n ? ratings[0].length : 0;
  if (n < 2 || k < 2 || ratings.some((r) => r.length !== k)) return null;
  const grand = ratings.flat().reduce((s, x) => s + x, 0) / (n * k);
  const rowMeans = ratings.map((r) => r.reduce((s, x) => s + x, 0) / k);
  const colMeans = Array.from({ length: k }, (_, j) => ratings.reduce((s, r) => s + r[j], 0) / n);
  const ssRows = k * rowMeans.reduce((s, m) => s + (m - grand) ** 2, 0);
  const ssCols = n * colMeans.reduce((s, m) => s + (m - grand) ** 2, 0);
  const ssTotal = ratings.flat().reduce((s, x) => s + (x - grand) ** 2, 0);
  const bms = ssRows / (n - 1);
  const jms = ssCols / (k - 1);
  const ems = Math.max(0, ssTotal - ssRows - ssCols) / ((n - 1) * (k - 1));
  const denominator = bms + (k - 1) * ems + (k * (jms - ems)) / n;
  if (!(denominator > 0)) return null;
  const rho = (bms - ems) / denominator;
  const result = { value: rho, n, k, bms, jms, ems };
  // a perfect agreement (no residual and no rater difference) has nothing left to be uncertain about
  if (ems === 0 && jms === 0) return { ...result, lower: 1, upper: 1, v: Infinity };
  const r = Math.min(rho, 1 - 1e-12);
  const a = (k * r) / (n * (1 - r));
  const b = 1 + (k * r * (n - 1)) / (n * (1 - r));
  const v = (a * jms + b * ems) ** 2 / ((a * jms) ** 2 / (k - 1) + (b * ems) ** 2 / ((n - 1) * (k - 1)));
  const fStar = fQuantile(1 - alpha / 2, n - 1, v);
  const fLow = fQuantile(1 - alpha / 2, v, n - 1);
  const c = k * jms + (k * n - k - n) * ems;
  const lower = (n * (bms - fStar * ems)) / (fStar * c + n * bms);
  const upper = (n * (fLow * bms - ems)) / (c + n * fLow * bms);
  return { ...result, lower: clip(lower), upper: clip(upper), v };
}
