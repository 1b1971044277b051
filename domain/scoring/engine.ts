import type { DictionaryIndex } from './dictionary';
import { isNoAnswer } from './noAnswer';
import { normaliseText } from './normalise';

/**
 * The creativity scoring engine for word answers (docs/SCORING.md).
 * Pure and deterministic: the same dictionary, answers and settings give
 * the same scores, in any order of takers.
 */

/** Originality thresholds, in percent of the takers of a question (settings; defaults below). */
export interface ScoringSettings {
  /** a subcategory given by fewer than this share of takers scores 2 points */
  rarePercent: number;
  /** a subcategory given by fewer than this share (and at least rarePercent) scores 1 point */
  uncommonPercent: number;
}

export const DEFAULT_SCORING_SETTINGS: Readonly<ScoringSettings> = { rarePercent: 1, uncommonPercent: 5 };

export const RARE_POINTS = 2;
export const UNCOMMON_POINTS = 1;

/** Settings the engine accepts: 0 ≤ rare ≤ uncommon ≤ 100. */
export function checkSettings(settings: ScoringSettings): void {
  const { rarePercent: rare, uncommonPercent: uncommon } = settings;
  if (!Number.isFinite(rare) || !Number.isFinite(uncommon) || rare < 0 || uncommon > 100 || rare > uncommon) {
    throw new RangeError(`originality thresholds must satisfy 0 ≤ rare (${rare}) ≤ uncommon (${uncommon}) ≤ 100`);
  }
}

/**
 * Points for a subcategory given by `count` of `total` takers. Compared as
 * count × 100 < percent × total, so 1 of 100 takers (exactly 1%) is not under 1%.
 */
export function originalityPoints(
  count: number,
  total: number,
  settings: ScoringSettings = DEFAULT_SCORING_SETTINGS,
): number {
  if (count <= 0 || total <= 0) return 0;
  if (count * 100 < settings.rarePercent * total) return RARE_POINTS;
  if (count * 100 < settings.uncommonPercent * total) return UNCOMMON_POINTS;
  return 0;
}

/** The answers one taker gave to the question, in the order given. */
export interface TakerAnswers {
  taker: string;
  answers: readonly string[];
}

/**
 * What happened to one answer: relevant (counts for fluency), empty
 * (nothing left after normalisation), no_answer (a "no answer" phrase) or
 * repeat (same normalised form as an earlier answer of the same taker).
 */
export type AnswerStatus = 'relevant' | 'empty' | 'no_answer' | 'repeat';

export interface ScoredAnswer {
  text: string;
  normalised: string;
  status: AnswerStatus;
  /** category and subcategory of the matching dictionary word; null when none matches */
  category: string | null;
  subcategory: string | null;
  /** originality points this answer brought: only the first relevant answer of a subcategory scores */
  points: number;
}

export interface TakerScore {
  taker: string;
  fluency: number;
  flexibility: number;
  originality: number;
  /** originality ÷ fluency, rounded to 2 decimals; 0 when fluency is 0 */
  originality_per_answer: number;
  answers: ScoredAnswer[];
}

export interface SubcategoryShare {
  category: string;
  subcategory: string;
  /** takers who gave at least one relevant answer in this subcategory */
  takers: number;
  points: number;
}

export interface QuestionScores {
  /** every taker of the question (the denominator of the shares), including those with no relevant answer */
  takers: number;
  /** the subcategories at least one taker gave, in dictionary order */
  shares: SubcategoryShare[];
  /** one score per taker, in the order given */
  scores: TakerScore[];
}

const round2 = (x: number) => Math.round(x * 100) / 100;

/**
 * Scores every taker of one question against the dictionary. Takers are
 * identified by their `taker` text, which must be unique (RangeError
 * otherwise). Two passes over the answers: the first classifies and counts
 * the takers of each subcategory, the second gives the points.
 */
export function scoreQuestion(
  index: DictionaryIndex,
  takers: readonly TakerAnswers[],
  settings: ScoringSettings = DEFAULT_SCORING_SETTINGS,
): QuestionScores {
  checkSettings(settings);
  const subcategoryCount = index.subcategories.length;
  const takersOf = new Uint32Array(subcategoryCount);
  const lastTakerOfSub = new Int32Array(subcategoryCount).fill(-1);
  const lastTakerOfCat = new Int32Array(index.categories.length).fill(-1);
  const seenTakers = new Set<string>();
  // many takers give the same text: normalise each distinct text once
  const normalisedOf = new Map<string, string>();
  const classified: { answers: ScoredAnswer[]; subs: number[]; fluency: number; flexibility: number }[] = [];

  for (let t = 0; t < takers.length; t += 1) {
    const { taker, answers } = takers[t];
    if (seenTakers.has(taker)) throw new RangeError(`taker ${JSON.stringify(taker)} appears twice`);
    seenTakers.add(taker);
    const given = new Set<string>();
    const scored: ScoredAnswer[] = [];
    const subs: number[] = [];
    let fluency = 0;
    let flexibility = 0;
    for (const text of answers) {
      let normalised = normalisedOf.get(text);
      if (normalised === undefined) {
        normalised = normaliseText(text);
        normalisedOf.set(text, normalised);
      }
      let status: AnswerStatus = 'relevant';
      if (!normalised) status = 'empty';
      else if (isNoAnswer(normalised)) status = 'no_answer';
      else if (given.has(normalised)) status = 'repeat';
      const match = status === 'relevant' ? index.lookupNormalised(normalised) : undefined;
      scored.push({
        text,
        normalised,
        status,
        category: match?.category ?? null,
        subcategory: match?.subcategory ?? null,
        points: 0,
      });
      subs.push(match ? match.index : -1);
      if (status !== 'relevant') continue;
      given.add(normalised);
      fluency += 1;
      if (!match) continue;
      if (lastTakerOfCat[match.categoryIndex] !== t) {
        lastTakerOfCat[match.categoryIndex] = t;
        flexibility += 1;
      }
      if (lastTakerOfSub[match.index] !== t) {
        lastTakerOfSub[match.index] = t;
        takersOf[match.index] += 1;
      }
    }
    classified.push({ answers: scored, subs, fluency, flexibility });
  }

  const total = takers.length;
  const pointsOf = new Uint8Array(subcategoryCount);
  for (let s = 0; s < subcategoryCount; s += 1) pointsOf[s] = originalityPoints(takersOf[s], total, settings);

  const credited = new Int32Array(subcategoryCount).fill(-1);
  const scores = classified.map(({ answers, subs, fluency, flexibility }, t): TakerScore => {
    let originality = 0;
    for (let a = 0; a < answers.length; a += 1) {
      const s = subs[a];
      if (s < 0 || credited[s] === t) continue;
      credited[s] = t;
      answers[a].points = pointsOf[s];
      originality += pointsOf[s];
    }
    return {
      taker: takers[t].taker,
      fluency,
      flexibility,
      originality,
      originality_per_answer: fluency ? round2(originality / fluency) : 0,
      answers,
    };
  });

  const shares = index.subcategories
    .filter((s) => takersOf[s.index] > 0)
    .map((s) => ({
      category: s.category,
      subcategory: s.subcategory,
      takers: takersOf[s.index],
      points: pointsOf[s.index],
    }));
  return { takers: total, shares, scores };
}
