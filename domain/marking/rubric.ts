/**
 * The drawing rubric of the Neomi test and the rules of marking (docs/PRODUCT.md §10
 * "Marking the drawings"), shared by the server (which enforces them) and the console
 * (which shows them).
 *
 * Each drawing (a stage's image) is marked on four items, after the figural
 * part of the Torrance tests:
 *  - originality: how unusual the idea of the drawing is (0 common … 3 unique);
 *  - elaboration: detail added beyond the basic idea (0 none … 3 rich);
 *  - closure: resistance to premature closure, the figure left open or closed
 *    in an unexpected way (0 closed at once … 2 kept open inventively);
 *  - title: the drawing's title or story, if any (0 none or literal … 2 abstract).
 * A drawing is assessed when every item has a score; a marking is finished
 * only when every drawing of the test is assessed ('You have to assess all the test').
 *
 * Double marking: two markers mark the same test independently; their
 * agreement is compared per item and overall (the sum over all drawings).
 * When the two totals differ by more than the margin kept in settings
 * (marking_disagreement_margin), the test goes to a third marker.
 *
 * Worked example: a test with two drawings. Marker A gives
 * {originality 2, elaboration 3, closure 1, title 0} and {1, 1, 2, 1}: total 11.
 * Marker B gives {2, 2, 1, 0} and {0, 1, 2, 2}: total 10. Overall difference 1;
 * per item: originality |3−2| = 1, elaboration |4−3| = 1, closure 0, title |1−2| = 1;
 * exact agreement on 5 of the 8 item scores (62.5%). With the default margin 3
 * the test needs no third marker.
 */

export const RUBRIC = [
  { key: 'originality', max: 3 },
  { key: 'elaboration', max: 3 },
  { key: 'closure', max: 2 },
  { key: 'title', max: 2 },
] as const;

export type RubricKey = (typeof RUBRIC)[number]['key'];
export const RUBRIC_KEYS = RUBRIC.map((r) => r.key) as RubricKey[];
/** A drawing's scores: some or all rubric items (a draft may be partial). */
export type ImageScores = Partial<Record<RubricKey, number>>;

/** The highest total a drawing can get. */
export const IMAGE_MAX = RUBRIC.reduce((sum, r) => sum + r.max, 0);

/** Whether every rubric item has a score within its range. */
export function isAssessed(scores: ImageScores | null | undefined): boolean {
  return (
    !!scores && RUBRIC.every((r) => Number.isInteger(scores[r.key]) && scores[r.key]! >= 0 && scores[r.key]! <= r.max)
  );
}

/** The sum of a drawing's scores (missing items count 0). */
export const imageTotal = (scores: ImageScores): number => RUBRIC.reduce((sum, r) => sum + (scores[r.key] ?? 0), 0);

/** One marking of a test: each drawing's scores by its file id. */
export type Marking = ReadonlyMap<number, ImageScores>;

export interface Agreement {
  /** per rubric item: the two sums over the drawings, their absolute difference and the share of drawings scored the same */
  items: { key: RubricKey; first: number; second: number; difference: number; exact: number }[];
  /** the two overall totals and their absolute difference */
  first: number;
  second: number;
  difference: number;
  /** share of all item scores (drawings × items) given the same by both, 0..1 */
  exact: number;
}

/** How two markings of the same test agree, per rubric item and overall. */
export function agreementOf(first: Marking, second: Marking): Agreement {
  const files = [...new Set([...first.keys(), ...second.keys()])];
  let same = 0;
  const items = RUBRIC.map(({ key }) => {
    let a = 0;
    let b = 0;
    let exact = 0;
    for (const file of files) {
      const x = first.get(file)?.[key] ?? 0;
      const y = second.get(file)?.[key] ?? 0;
      a += x;
      b += y;
      if (x === y) exact += 1;
    }
    same += exact;
    return { key, first: a, second: b, difference: Math.abs(a - b), exact: files.length ? exact / files.length : 1 };
  });
  const firstTotal = items.reduce((s, i) => s + i.first, 0);
  const secondTotal = items.reduce((s, i) => s + i.second, 0);
  const cells = files.length * RUBRIC.length;
  return {
    items,
    first: firstTotal,
    second: secondTotal,
    difference: Math.abs(firstTotal - secondTotal),
    exact: cells ? same / cells : 1,
  };
}

/** The values the setting marking_disagreement_margin may take (a difference of totals). */
export const MARGIN_RANGE = { min: 0, max: 1000 } as const;

/** Whether two markings disagree enough for a third marker. */
export const needsThirdMarker = (agreement: Agreement, margin: number): boolean => agreement.difference > margin;

/** The number of markings a test may have: two independent ones and a third when they disagree. */
export const MAX_ROUNDS = 3;
