import { IMAGE_MAX, imageTotal, isAssessed, RUBRIC, type ImageScores, type RubricKey } from '../marking/rubric';
import { deviationFromOthers, drifts, driftThreshold, summariseDeviations } from './drift';
import { icc21, type IccResult } from './icc';
import { weightedKappa, type KappaResult } from './kappa';

/**
 * The reliability report of one cohort of double-marked tests (docs/RELIABILITY.md): per criterion the number of
 * double-marked tests and drawings, ICC(2,1) and weighted kappa (quadratic and linear) with their 95 % intervals,
 * and per marker the mean deviation from the consensus with the drift flag. Pure: the server reads the markings
 * and hands them here; the console and the spreadsheet show what this returns.
 *
 * - The unit rated is a drawing; the criteria are the four rubric items (each on its own 0…max scale) and the
 *   drawing's total (0…IMAGE_MAX).
 * - A test is double-marked when its rounds 1 and 2 are both finished. The two "raters" of ICC and kappa are the
 *   first and the second marking (round 1 and round 2), whoever made them: the markers of a test are drawn from a
 *   pool, so the ICC is read as the agreement of any two markers of the programme (random raters, absolute agreement).
 * - Markers' deviations use every finished marking of a double-marked test (a third one too), each against the
 *   mean of the others on the same drawing (drift.ts).
 */

export type CriterionKey = RubricKey | 'total';

/** The criteria, each with the top of its scale. */
export const CRITERIA: readonly { key: CriterionKey; max: number }[] = [
  ...RUBRIC.map((r) => ({ key: r.key as CriterionKey, max: r.max as number })),
  { key: 'total', max: IMAGE_MAX },
];

/** A finished marking of a test: who marked it, in which round, and each drawing's scores by file id. */
export interface FinishedMarking {
  markerId: number;
  marker: string;
  round: number;
  marks: ReadonlyMap<number, ImageScores>;
}

/** A test of the cohort with its finished markings. */
export interface MarkedTest {
  examId: number;
  markings: readonly FinishedMarking[];
}

export interface CriterionReliability {
  key: CriterionKey;
  max: number;
  /** double-marked tests and the drawings both markings assessed */
  tests: number;
  drawings: number;
  /** share of drawings both markings scored alike on this criterion */
  exact: number | null;
  icc: Pick<IccResult, 'value' | 'lower' | 'upper'> | null;
  kappa_quadratic: Pick<KappaResult, 'value' | 'se' | 'lower' | 'upper'> | null;
  kappa_linear: Pick<KappaResult, 'value' | 'se' | 'lower' | 'upper'> | null;
}

export interface MarkerDeviation {
  marker_id: number;
  name: string;
  /** double-marked tests of the cohort the marker marked */
  tests: number;
  criteria: {
    key: CriterionKey;
    drawings: number;
    mean_deviation: number | null;
    mean_absolute_deviation: number | null;
    threshold: number;
    flagged: boolean;
  }[];
  /** drifts on at least one criterion */
  flagged: boolean;
}

export interface CohortReliability {
  /** double-marked tests (rounds 1 and 2 finished) */
  double_marked: number;
  criteria: CriterionReliability[];
  markers: MarkerDeviation[];
}

/** A drawing's score on a criterion. */
export const scoreOn = (scores: ImageScores, key: CriterionKey): number =>
  key === 'total' ? imageTotal(scores) : (scores[key] ?? 0);

const pick = <T extends { value: number; lower: number; upper: number }>(r: T | null, keys: (keyof T)[]) =>
  r ? (Object.fromEntries(keys.map((k) => [k, r[k]])) as Pick<T, (typeof keys)[number]>) : null;

const range = (max: number) => Array.from({ length: max + 1 }, (_, i) => i);

/** The reliability of a cohort's tests: per criterion, and per marker. */
export function cohortReliability(tests: readonly MarkedTest[]): CohortReliability {
  const doubled = tests.filter((t) => [1, 2].every((round) => t.markings.some((m) => m.round === round)));
  // the drawings both round 1 and round 2 assessed, as [first, second] scores
  const pairs: { first: ImageScores; second: ImageScores }[] = [];
  for (const test of doubled) {
    const first = test.markings.find((m) => m.round === 1)!;
    const second = test.markings.find((m) => m.round === 2)!;
    for (const [fileId, scores] of first.marks) {
      const other = second.marks.get(fileId);
      if (isAssessed(scores) && isAssessed(other)) pairs.push({ first: scores, second: other! });
    }
  }
  const criteria = CRITERIA.map(({ key, max }): CriterionReliability => {
    const scored = pairs.map((p) => [scoreOn(p.first, key), scoreOn(p.second, key)] as [number, number]);
    const icc = icc21(scored);
    return {
      key,
      max,
      tests: doubled.length,
      drawings: scored.length,
      exact: scored.length ? scored.filter(([a, b]) => a === b).length / scored.length : null,
      icc: pick(icc, ['value', 'lower', 'upper']),
      kappa_quadratic: pick(weightedKappa(scored, range(max), 'quadratic'), ['value', 'se', 'lower', 'upper']),
      kappa_linear: pick(weightedKappa(scored, range(max), 'linear'), ['value', 'se', 'lower', 'upper']),
    };
  });

  // each marker's deviations from the others on the same drawing, over every finished marking of a doubled test
  const byMarker = new Map<number, { name: string; tests: Set<number>; deviations: Map<CriterionKey, number[]> }>();
  for (const test of doubled) {
    for (const marking of test.markings) {
      const others = test.markings.filter((m) => m !== marking);
      const entry = byMarker.get(marking.markerId) ?? {
        name: marking.marker,
        tests: new Set<number>(),
        deviations: new Map(CRITERIA.map((c) => [c.key, [] as number[]])),
      };
      byMarker.set(marking.markerId, entry);
      entry.tests.add(test.examId);
      for (const [fileId, scores] of marking.marks) {
        if (!isAssessed(scores)) continue;
        const theirs = others.map((o) => o.marks.get(fileId)).filter((s): s is ImageScores => isAssessed(s));
        for (const { key } of CRITERIA) {
          const deviation = deviationFromOthers(
            scoreOn(scores, key),
            theirs.map((s) => scoreOn(s, key)),
          );
          if (deviation !== null) entry.deviations.get(key)!.push(deviation);
        }
      }
    }
  }
  const markers = [...byMarker.entries()]
    .map(([markerId, entry]): MarkerDeviation => {
      const perCriterion = CRITERIA.map(({ key, max }) => {
        const summary = summariseDeviations(entry.deviations.get(key)!);
        return {
          key,
          drawings: summary.drawings,
          mean_deviation: summary.mean,
          mean_absolute_deviation: summary.meanAbsolute,
          threshold: driftThreshold(max),
          flagged: drifts(entry.tests.size, summary.mean, max),
        };
      });
      return {
        marker_id: markerId,
        name: entry.name,
        tests: entry.tests.size,
        criteria: perCriterion,
        flagged: perCriterion.some((c) => c.flagged),
      };
    })
    .sort((a, b) => a.name.localeCompare(b.name) || a.marker_id - b.marker_id);
  return { double_marked: doubled.length, criteria, markers };
}
