/**
 * The probability distributions the reliability statistics need (docs/RELIABILITY.md): the F distribution's
 * quantiles for the confidence interval of ICC(2,1), with non-integer degrees of freedom (McGraw & Wong 1996 use
 * Satterthwaite's approximate df), and the normal quantile for the weighted kappa's interval. Pure and exact to
 * about 1e-10, enough for intervals printed to three decimals.
 *
 * Formulas: the log-gamma function by Lanczos' approximation (g = 7, nine coefficients); the regularised incomplete
 * beta function I_x(a, b) by its continued fraction, evaluated with the modified Lentz method (Press, Teukolsky,
 * Vetterling & Flannery, "Numerical Recipes", 3rd ed., sections 6.1 and 6.4); the F distribution function
 * P(F ≤ f; d1, d2) = I_{d1·f / (d1·f + d2)}(d1/2, d2/2) (Abramowitz & Stegun 26.6.2).
 */

const LANCZOS = [
  0.99999999999980993, 676.5203681218851, -1259.1392167224028, 771.32342877765313, -176.61502916214059,
  12.507343278686905, -0.13857109526572012, 9.9843695780195716e-6, 1.5056327351493116e-7,
];

/** ln Γ(x) for x > 0 (Lanczos, g = 7). */
export function logGamma(x: number): number {
  if (x < 0.5) return Math.log(Math.PI / Math.sin(Math.PI * x)) - logGamma(1 - x);
  const z = x - 1;
  let sum = LANCZOS[0];
  for (let i = 1; i < LANCZOS.length; i++) sum += LANCZOS[i] / (z + i);
  const t = z + 7.5;
  return 0.5 * Math.log(2 * Math.PI) + (z + 0.5) * Math.log(t) - t + Math.log(sum);
}

/** The continued fraction of the incomplete beta function (modified Lentz). */
function betaFraction(x: number, a: number, b: number): number {
  const tiny = 1e-300;
  let c = 1;
  let d = 1 - ((a + b) * x) / (a + 1);
  if (Math.abs(d) < tiny) d = tiny;
  d = 1 / d;
  let h = d;
  for (let m = 1; m <= 500; m++) {
    const m2 = 2 * m;
    let aa = (m * (b - m) * x) / ((a + m2 - 1) * (a + m2));
    d = 1 + aa * d;
    if (Math.abs(d) < tiny) d = tiny;
    c = 1 + aa / c;
    if (Math.abs(c) < tiny) c = tiny;
    d = 1 / d;
    h *= d * c;
    aa = (-(a + m) * (a + b + m) * x) / ((a + m2) * (a + m2 + 1));
    d = 1 + aa * d;
    if (Math.abs(d) < tiny) d = tiny;
    c = 1 + aa / c;
    if (Math.abs(c) < tiny) c = tiny;
    d = 1 / d;
    const step = d * c;
    h *= step;
    if (Math.abs(step - 1) < 1e-15) break;
  }
  return h;
}

/** The regularised incomplete beta function I_x(a, b), 0 ≤ x ≤ 1, a, b > 0. */
export function incompleteBeta(x: number, a: number, b: number): number {
  if (x <= 0) return 0;
  if (x >= 1) return 1;
  const front = Math.exp(logGamma(a + b) - logGamma(a) - logGamma(b) + a * Math.log(x) + b * Math.log(1 - x));
  // the fraction converges fast for x < (a + 1) / (a + b + 2); otherwise use I_x(a, b) = 1 − I_{1−x}(b, a)
  if (x < (a + 1) / (a + b + 2)) return (front * betaFraction(x, a, b)) / a;
  return 1 - (front * betaFraction(1 - x, b, a)) / b;
}

/** P(F ≤ f) for the F distribution with d1 and d2 degrees of freedom (any positive reals). */
export function fCdf(f: number, d1: number, d2: number): number {
  if (f <= 0) return 0;
  return incompleteBeta((d1 * f) / (d1 * f + d2), d1 / 2, d2 / 2);
}

/** The p-quantile of the F distribution: the f with P(F ≤ f) = p, by bisection on the beta variable. */
export function fQuantile(p: number, d1: number, d2: number): number {
  let lo = 0;
  let hi = 1;
  for (let i = 0; i < 200; i++) {
    const mid = (lo + hi) / 2;
    if (incompleteBeta(mid, d1 / 2, d2 / 2) < p) lo = mid;
    else hi = mid;
  }
  const u = (lo + hi) / 2;
  return (d2 * u) / (d1 * (1 - u));
}

/** z for a two-sided 95 % interval: the 0.975 quantile of the standard normal distribution. */
export const Z_95 = 1.959963984540054;
