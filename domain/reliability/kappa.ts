import { Z_95 } from './distributions';

/**
 * Cohen's weighted kappa for two raters on an ordered scale (Cohen 1968, "Weighted kappa", Psychological Bulletin
 * 70), with the large-sample standard error of Fleiss, Cohen & Everitt 1969 ("Large sample standard errors of kappa
 * and weighted kappa", Psychological Bulletin 72) and its 95 % interval κ_w ± 1.96·SE. docs/RELIABILITY.md says how
 * to read it.
 *
 * With c ordered categories, p_ij the share of units the first rater put in category i and the second in j, p_i.
 * and p_.j the margins, and agreement weights w_ij (1 on the diagonal):
 *   linear      w_ij = 1 − |i − j| / (c − 1)
 *   quadratic   w_ij = 1 − (i − j)² / (c − 1)²          (Fleiss & Cohen 1973: then κ_w equals an ICC)
 *   p_o = Σ w_ij·p_ij,   p_e = Σ w_ij·p_i.·p_.j,   κ_w = (p_o − p_e) / (1 − p_e)
 *   w̄_i. = Σ_j w_ij·p_.j,   w̄_.j = Σ_i w_ij·p_i.
 *   Var(κ_w) = [Σ_ij p_ij·(w_ij − (w̄_i. + w̄_.j)·(1 − κ_w))² − (κ_w − p_e·(1 − κ_w))²] / (N·(1 − p_e)²)
 */

export type KappaWeights = 'linear' | 'quadratic';

export interface KappaResult {
  value: number;
  /** the asymptotic standard error (Fleiss, Cohen & Everitt 1969) */
  se: number;
  /** κ_w ± 1.96·SE, clipped to −1 … 1 */
  lower: number;
  upper: number;
  /** units rated by both */
  n: number;
}

/** The agreement weight of categories i and j of c (positions 0 … c − 1). */
export function kappaWeight(i: number, j: number, c: number, weights: KappaWeights): number {
  const d = Math.abs(i - j) / (c - 1);
  return weights === 'linear' ? 1 - d : 1 - d * d;
}

/**
 * Weighted kappa of paired ratings `pairs` ([first, second] per unit) on the ordered `categories` (each rating is
 * one of them; its position gives the distance). Null when undefined: no pairs, fewer than two categories, or
 * chance alone would agree fully (p_e = 1, e.g. both raters always gave the same single score).
 */
export function weightedKappa(
  pairs: readonly (readonly [number, number])[],
  categories: readonly number[],
  weights: KappaWeights,
): KappaResult | null {
  const c = categories.length;
  const n = pairs.length;
  if (!n || c < 2) return null;
  const index = new Map(categories.map((value, i) => [value, i]));
  const p = Array.from({ length: c }, () => new Array<number>(c).fill(0));
  for (const [x, y] of pairs) {
    const i = index.get(x);
    const j = index.get(y);
    if (i === undefined || j === undefined) throw new RangeError(`rating outside the categories: ${x}, ${y}`);
    p[i][j] += 1 / n;
  }
  const rows = p.map((row) => row.reduce((s, x) => s + x, 0));
  const cols = categories.map((_, j) => p.reduce((s, row) => s + row[j], 0));
  const w = (i: number, j: number) => kappaWeight(i, j, c, weights);
  let po = 0;
  let pe = 0;
  for (let i = 0; i < c; i++)
    for (let j = 0; j < c; j++) {
      po += w(i, j) * p[i][j];
      pe += w(i, j) * rows[i] * cols[j];
    }
  if (1 - pe < 1e-12) return null;
  const kappa = (po - pe) / (1 - pe);
  const wRow = rows.map((_, i) => cols.reduce((s, pj, j) => s + w(i, j) * pj, 0));
  const wCol = cols.map((_, j) => rows.reduce((s, pi, i) => s + w(i, j) * pi, 0));
  let sum = 0;
  for (let i = 0; i < c; i++)
    for (let j = 0; j < c; j++) sum += p[i][j] * (w(i, j) - (wRow[i] + wCol[j]) * (1 - kappa)) ** 2;
  const variance = Math.max(0, sum - (kappa - pe * (1 - kappa)) ** 2) / (n * (1 - pe) ** 2);
  const se = Math.sqrt(variance);
  return {
    value: kappa,
    se,
    lower: Math.max(-1, kappa - Z_95 * se),
    upper: Math.min(1, kappa + Z_95 * se),
    n,
  };
}
