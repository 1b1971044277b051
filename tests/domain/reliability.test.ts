import { describe, expect, it } from 'vitest';
import {
  academicYearBounds,
  academicYearLabel,
  academicYearOf,
  cohortId,
  cohortReliability,
  DRIFT_MIN_TESTS,
  DRIFT_SHARE,
  drifts,
  fCdf,
  fQuantile,
  icc21,
  parseCohortId,
  weightedKappa,
  type FinishedMarking,
} from '../../domain/reliability';

/**
 * The reliability statistics (domain/reliability/, docs/RELIABILITY.md) against published worked examples, each
 * to the precision it was printed with (three decimals where the source prints three).
 */

// Shrout & Fleiss (1979), Table 2: six targets rated by four judges.
const SHROUT_FLEISS = [
  [9, 2, 5, 8],
  [6, 1, 3, 2],
  [8, 4, 6, 8],
  [7, 1, 2, 6],
  [10, 5, 6, 9],
  [6, 2, 4, 7],
];

// R package irr, data set `anxiety` (20 subjects, 3 raters; the irr reference manual, and statsmodels'
// test_inter_rater.py which copies it), column by column.
const ANXIETY_COLUMNS = [
  [3, 3, 3, 4, 5, 5, 2, 3, 5, 2, 2, 6, 1, 5, 2, 2, 1, 2, 4, 3],
  [3, 6, 4, 6, 2, 4, 2, 4, 3, 3, 2, 3, 3, 3, 2, 2, 1, 3, 3, 4],
  [2, 1, 4, 4, 3, 2, 1, 6, 1, 1, 1, 2, 3, 3, 1, 1, 3, 3, 2, 2],
];
const ANXIETY = ANXIETY_COLUMNS[0].map((_, i) => ANXIETY_COLUMNS.map((c) => c[i]));

/** Unit pairs from a contingency table (rows: first rater's category, columns: the second's). */
const pairsOf = (table: number[][], categories: number[]) =>
  table.flatMap((row, i) =>
    row.flatMap((count, j) => Array.from({ length: count }, () => [categories[i], categories[j]] as [number, number])),
  );

describe('the F distribution', () => {
  it('gives the tabled quantiles (F_0.975(5, 15) = 3.576, F_0.95(2, 10) = 4.103) and inverts its distribution function', () => {
    // Abramowitz & Stegun Table 26.9 / any F table
    expect(fQuantile(0.975, 5, 15)).toBeCloseTo(3.576, 3);
    expect(fQuantile(0.95, 2, 10)).toBeCloseTo(4.103, 3);
    expect(fCdf(fQuantile(0.9, 3.7, 21.2), 3.7, 21.2)).toBeCloseTo(0.9, 10);
  });
});

describe('ICC(2,1)', () => {
  it('reproduces Shrout & Fleiss (1979): ICC(2,1) = .29 (0.290 as DescTools::ICC prints it), 95 % CI 0.019 to 0.76 (psych::ICC)', () => {
    const r = icc21(SHROUT_FLEISS)!;
    expect(r.value).toBeCloseTo(0.29, 3);
    // psych::ICC's help page, example `sf`: "Single_random_raters ICC2 0.29 11 5 15 0.00013 0.019 0.76"
    expect(r.lower).toBeCloseTo(0.019, 3);
    expect(r.upper).toBeCloseTo(0.76, 2);
    expect(r.bms / r.ems).toBeCloseTo(11.03, 2);
  });

  it('reproduces irr::icc(anxiety, "twoway", "agreement"): ICC(A,1) = 0.198, df 39.7, 95 % CI −0.039 < ICC < 0.494', () => {
    const r = icc21(ANXIETY)!;
    expect(r.value).toBeCloseTo(0.198, 3);
    expect(r.v).toBeCloseTo(39.7, 1);
    expect(r.lower).toBeCloseTo(-0.039, 3);
    expect(r.upper).toBeCloseTo(0.494, 3);
  });

  it('is 1 for identical ratings and undefined for too little data or no variation', () => {
    expect(
      icc21([
        [1, 1],
        [3, 3],
        [2, 2],
      ]),
    ).toMatchObject({ value: 1, lower: 1, upper: 1 });
    expect(icc21([[1, 2]])).toBeNull();
    expect(
      icc21([
        [2, 2],
        [2, 2],
      ]),
    ).toBeNull();
  });

  it('worked by hand: (3,2), (1,1), (0,1) give BMS 13/6, JMS 0, EMS 1/2 and ICC 5/7', () => {
    // grand mean 4/3; row means 2.5, 1, 0.5; SS_rows = 2·(49/36 + 4/36 + 25/36) = 13/3, SS_cols = 0, SS_total = 16/3
    // ICC = (13/6 − 1/2) / (13/6 + 1/2 + 2·(0 − 1/2)/3) = (5/3) / (7/3) = 5/7
    const r = icc21([
      [3, 2],
      [1, 1],
      [0, 1],
    ])!;
    expect(r.bms).toBeCloseTo(13 / 6, 10);
    expect(r.jms).toBeCloseTo(0, 10);
    expect(r.ems).toBeCloseTo(0.5, 10);
    expect(r.value).toBeCloseTo(5 / 7, 10);
  });
});

describe('weighted kappa', () => {
  it('reproduces the SAS PROC FREQ weighted kappa printout (3 categories, linear weights): 0.4701, ASE 0.1457, 95 % CI 0.1845 to 0.7558', () => {
    // the table and the printout as statsmodels' test_inter_rater.py (TestWeightedCohens) copies them; SAS computes
    // the ASE with Fleiss, Cohen & Everitt's (1969) formula
    const table = [
      [0, 4, 1],
      [0, 8, 0],
      [0, 1, 5],
    ];
    const r = weightedKappa(pairsOf(table, [1, 2, 3]), [1, 2, 3], 'linear')!;
    expect(r.value).toBeCloseTo(0.4701, 4);
    expect(r.se).toBeCloseTo(0.1457, 4);
    expect(r.lower).toBeCloseTo(0.1845, 4);
    expect(r.upper).toBeCloseTo(0.7558, 4);
  });

  it('reproduces irr::kappa2(anxiety[, 2:3], "squared") = 0.2520325 and "equal" = 0.1459075', () => {
    // irr orders the categories the two raters used (1, 2, 3, 4, 6: nobody gave 5) and weighs by their positions
    const pairs = ANXIETY.map((r) => [r[1], r[2]] as [number, number]);
    expect(weightedKappa(pairs, [1, 2, 3, 4, 6], 'quadratic')!.value).toBeCloseTo(0.2520325, 6);
    expect(weightedKappa(pairs, [1, 2, 3, 4, 6], 'linear')!.value).toBeCloseTo(0.1459075, 6);
  });

  it('worked by hand: (3,2), (1,1), (0,1) on 0–3 give quadratic kappa (25/27 − 65/81) / (16/81) = 0.625', () => {
    expect(
      weightedKappa(
        [
          [3, 2],
          [1, 1],
          [0, 1],
        ],
        [0, 1, 2, 3],
        'quadratic',
      )!.value,
    ).toBeCloseTo(0.625, 10);
  });

  it('is undefined with no pairs or when chance alone agrees fully, and refuses a rating outside the scale', () => {
    expect(weightedKappa([], [0, 1], 'linear')).toBeNull();
    expect(
      weightedKappa(
        [
          [1, 1],
          [1, 1],
        ],
        [0, 1, 2],
        'quadratic',
      ),
    ).toBeNull();
    expect(() => weightedKappa([[5, 1]], [0, 1, 2], 'linear')).toThrow(RangeError);
  });
});

describe('drift', () => {
  it(`flags a mean deviation beyond ${DRIFT_SHARE} of the range, with at least ${DRIFT_MIN_TESTS} tests`, () => {
    expect(drifts(DRIFT_MIN_TESTS, 0.46, 3)).toBe(true);
    expect(drifts(DRIFT_MIN_TESTS, -0.46, 3)).toBe(true);
    expect(drifts(DRIFT_MIN_TESTS, 0.45, 3)).toBe(false);
    expect(drifts(DRIFT_MIN_TESTS - 1, 2, 3)).toBe(false);
    expect(drifts(DRIFT_MIN_TESTS, null, 3)).toBe(false);
    expect(drifts(DRIFT_MIN_TESTS, 1.6, 10)).toBe(true);
  });
});

describe('a cohort report', () => {
  const marking = (markerId: number, round: number, originality: number[]): FinishedMarking => ({
    markerId,
    marker: `M${markerId}`,
    round,
    marks: new Map(originality.map((o, i) => [i + 1, { originality: o, elaboration: 1, closure: 1, title: 1 }])),
  });

  it('pairs rounds 1 and 2 per drawing, and measures each marker against the others', () => {
    const report = cohortReliability([
      { examId: 1, markings: [marking(10, 1, [3]), marking(20, 2, [2])] },
      { examId: 2, markings: [marking(20, 1, [1]), marking(30, 2, [1])] },
      // three markings: each one against the mean of the other two
      { examId: 3, markings: [marking(30, 1, [0]), marking(10, 2, [1]), marking(20, 3, [2])] },
      // not double-marked: left out
      { examId: 4, markings: [marking(10, 1, [3])] },
    ]);
    expect(report.double_marked).toBe(3);
    const originality = report.criteria.find((c) => c.key === 'originality')!;
    expect(originality).toMatchObject({ tests: 3, drawings: 3, exact: 1 / 3 });
    expect(originality.icc!.value).toBeCloseTo(5 / 7, 10);
    expect(originality.kappa_quadratic!.value).toBeCloseTo(0.625, 10);
    // elaboration: everyone gave 1, nothing varies: ICC and kappa are undefined, agreement is exact
    expect(report.criteria.find((c) => c.key === 'elaboration')).toMatchObject({
      exact: 1,
      icc: null,
      kappa_linear: null,
    });
    // M10: +1 (3 vs 2) and 1 − (0 + 2)/2 = 0 → mean +0.5; M20: −1, 0 and 2 − 0.5 = +1.5 → mean 1/6; M30: 0 and 0 − 1.5
    const mean = (id: number) => report.markers.find((m) => m.marker_id === id)!.criteria[0].mean_deviation;
    expect(mean(10)).toBeCloseTo(0.5, 10);
    expect(mean(20)).toBeCloseTo(1 / 6, 10);
    expect(mean(30)).toBeCloseTo(-0.75, 10);
    // fewer than DRIFT_MIN_TESTS tests each: nobody is judged
    expect(report.markers.every((m) => !m.flagged)).toBe(true);
  });
});

describe('cohorts', () => {
  it('start their academic year on 1 September, and read back their ids', () => {
    expect(academicYearOf(new Date('2026-11-26T10:00:00Z'))).toBe(2026);
    expect(academicYearOf(new Date('2027-03-10T10:00:00Z'))).toBe(2026);
    expect(academicYearOf(new Date('2026-08-31T23:59:59Z'))).toBe(2025);
    expect(academicYearBounds(2026).map((d) => d.toISOString())).toEqual([
      '2026-09-01T00:00:00.000Z',
      '2027-09-01T00:00:00.000Z',
    ]);
    expect(academicYearLabel(2026)).toBe('2026/27');
    expect(cohortId({ examType: 1, challenge: 2, year: 2026 })).toBe('1-2-2026');
    expect(parseCohortId('1-2-2026')).toEqual({ examType: 1, challenge: 2, year: 2026 });
    expect(parseCohortId('3-2-2026')).toBeUndefined();
    expect(parseCohortId('1-2-26')).toBeUndefined();
  });
});
