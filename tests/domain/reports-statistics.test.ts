import { describe, expect, it } from 'vitest';
import {
  DEGREE,
  degreeOf,
  effectSizeBand,
  pairedEffectSize,
  percentileOf,
  round2,
} from '../../domain/reports/statistics';

/**
 * Worked by hand (docs/api/reports.md "Statistics").
 *
 * Five takers' fluency: 2, 4, 4, 5, 10.
 *   mean = 25 / 5 = 5; deviations −3, −1, −1, 0, 5; squares 9 + 1 + 1 + 0 + 25 = 36;
 *   sample variance 36 / (5 − 1) = 9; SD = 3; half an SD = 1.5.
 *   above: score > 6.5; below: score < 3.5; otherwise average.
 */
const fluency = { n: 5, mean: 5, sd: 3 };

describe('the label above / average / below', () => {
  it('is above or below only beyond half a standard deviation from the mean', () => {
    expect(degreeOf(10, fluency)).toBe(DEGREE.above);
    expect(degreeOf(7, fluency)).toBe(DEGREE.above);
    expect(degreeOf(2, fluency)).toBe(DEGREE.below);
    expect(degreeOf(3, fluency)).toBe(DEGREE.below);
    expect(degreeOf(4, fluency)).toBe(DEGREE.average);
    expect(degreeOf(5, fluency)).toBe(DEGREE.average);
    expect(degreeOf(6, fluency)).toBe(DEGREE.average);
  });

  it('exactly half a standard deviation away is still average ("more than half")', () => {
    expect(degreeOf(6.5, fluency)).toBe(DEGREE.average);
    expect(degreeOf(3.5, fluency)).toBe(DEGREE.average);
    expect(degreeOf(6.5001, fluency)).toBe(DEGREE.above);
    expect(degreeOf(3.4999, fluency)).toBe(DEGREE.below);
  });

  it('is average when there is nothing to compare with', () => {
    expect(degreeOf(9, { n: 1, mean: 9, sd: null })).toBe(DEGREE.average);
    expect(degreeOf(9, { n: 0, mean: null, sd: null })).toBe(DEGREE.average);
    // everybody scored 4: no spread
    expect(degreeOf(4, { n: 3, mean: 4, sd: 0 })).toBe(DEGREE.average);
  });
});

describe('the percentile shown with the label', () => {
  // the same five takers: 2, 4, 4, 5, 10
  it('counts lower scores and half of the equal ones', () => {
    expect(percentileOf(0, 1, 5)).toBe(10); // 2: (0 + ½) / 5
    expect(percentileOf(1, 2, 5)).toBe(40); // 4: (1 + 1) / 5
    expect(percentileOf(3, 1, 5)).toBe(70); // 5: (3 + ½) / 5
    expect(percentileOf(4, 1, 5)).toBe(90); // 10: (4 + ½) / 5
  });

  it('puts a lone taker in the middle and has nothing without takers', () => {
    expect(percentileOf(0, 1, 1)).toBe(50);
    expect(percentileOf(0, 3, 3)).toBe(50);
    expect(percentileOf(0, 0, 0)).toBeNull();
  });
});

/**
 * Four learners, pre → post flexibility: 3 → 4, 2 → 5, 4 → 6, 1 → 7.
 *   changes 1, 3, 2, 6; mean change 12 / 4 = 3; deviations −2, 0, −1, 3;
 *   squares 4 + 0 + 1 + 9 = 14; sample variance 14 / 3 = 4.667; SD = 2.160;
 *   d = 3 / 2.160 = 1.389 → 1.39 (large).
 */
describe("Cohen's d for paired scores", () => {
  it('is the mean change over the standard deviation of the changes', () => {
    const d = pairedEffectSize({ n: 4, meanChange: 3, sdChange: Math.sqrt(14 / 3) });
    expect(d).toBe(1.39);
    expect(effectSizeBand(d)).toBe('large');
  });

  it('keeps the sign of a fall', () => {
    // changes −1, 0, −2: mean −1; deviations 0, 1, −1; variance 2 / 2 = 1; d = −1
    expect(pairedEffectSize({ n: 3, meanChange: -1, sdChange: 1 })).toBe(-1);
  });

  it('is undefined for fewer than two pairs or no spread of the changes', () => {
    expect(pairedEffectSize({ n: 1, meanChange: 2, sdChange: null })).toBeNull();
    expect(pairedEffectSize({ n: 3, meanChange: 2, sdChange: 0 })).toBeNull();
    expect(pairedEffectSize({ n: 0, meanChange: null, sdChange: null })).toBeNull();
    expect(effectSizeBand(null)).toBeNull();
  });

  it('bands the size as Cohen did: 0.2 small, 0.5 medium, 0.8 large', () => {
    expect(effectSizeBand(0.19)).toBe('negligible');
    expect(effectSizeBand(-0.2)).toBe('small');
    expect(effectSizeBand(0.49)).toBe('small');
    expect(effectSizeBand(0.5)).toBe('medium');
    expect(effectSizeBand(-0.8)).toBe('large');
  });
});

describe('rounding', () => {
  it('keeps two decimals and null', () => {
    expect(round2(2.345678)).toBe(2.35);
    expect(round2(null)).toBeNull();
    expect(round2(Number.NaN)).toBeNull();
  });
});

describe('age at the test date', () => {
  it('counts whole years, the birthday itself included', async () => {
    const { ageAt } = await import('../../domain/reports');
    expect(ageAt('2016-04-12', '2026-04-11T10:00:00Z')).toBe(9);
    expect(ageAt('2016-04-12', '2026-04-12T10:00:00Z')).toBe(10);
    expect(ageAt('2016-04-12', '2026-12-01T00:00:00Z')).toBe(10);
    expect(ageAt(null, '2026-12-01')).toBeNull();
    expect(ageAt('2030-01-01', '2026-12-01')).toBeNull();
  });
});
