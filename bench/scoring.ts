/**
 * Scoring speed: 100,000 word answers (10,000 takers × 10 answers) scored
 * against a dictionary of 2,000 words, as `npm run bench` prints it (also
 * `npx tsx bench/scoring.ts` alone). The answers are made from a seeded
 * generator, so every run scores the same data: dictionary words written
 * with diacritics, tatweel and other alef forms, repeats, words outside the
 * dictionary and "no answer". Each run indexes the dictionary and scores;
 * the median of RUNS runs is printed.
 */
import { pathToFileURL } from 'node:url';
import {
  indexDictionary,
  NO_ANSWER_PHRASE,
  scoreQuestion,
  type DictionaryWord,
  type TakerAnswers,
} from '../domain/scoring';

const TAKERS = 10_000;
const ANSWERS_PER_TAKER = 10;
const RUNS = Number(process.env.BENCH_SCORING_RUNS ?? 7);

/** mulberry32: a small seeded generator, so the data are the same on every run. */
function generator(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const LETTERS = [...'ابتثجحخدذرزسشصضطظعغفقكلمنهوي'];
const MARKS = ['\u064E', '\u064F', '\u0650', '\u0651', '\u0652', '\u064B'];

export function benchData(seed = 42) {
  const random = generator(seed);
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(random() * xs.length)];
  const word = () => Array.from({ length: 3 + Math.floor(random() * 5) }, () => pick(LETTERS)).join('');
  const words: DictionaryWord[] = [];
  const seen = new Set<string>();
  while (words.length < 2_000) {
    const w = random() < 0.2 ? `${word()} ${word()}` : word();
    if (seen.has(w)) continue;
    seen.add(w);
    const category = Math.floor(random() * 20);
    words.push({ word: w, category: `c${category}`, subcategory: `c${category}s${Math.floor(random() * 10)}` });
  }
  // common answers are common: a skewed choice of dictionary word
  const written = (w: string) =>
    [...w]
      .map((c) => {
        if (c === 'ا' && random() < 0.3) return pick(['أ', 'إ', 'آ']);
        return c + (random() < 0.15 ? pick(MARKS) : '') + (random() < 0.03 ? 'ـ' : '');
      })
      .join('');
  const takers: TakerAnswers[] = [];
  for (let t = 0; t < TAKERS; t += 1) {
    const answers: string[] = [];
    for (let a = 0; a < ANSWERS_PER_TAKER; a += 1) {
      const r = random();
      if (r < 0.05) answers.push(NO_ANSWER_PHRASE);
      else if (r < 0.1 && answers.length) answers.push(written(answers[answers.length - 1]));
      else if (r < 0.25) answers.push(word());
      else answers.push(written(words[Math.floor(random() ** 3 * words.length)].word));
    }
    takers.push({ taker: `t${t}`, answers });
  }
  return { words, takers };
}

export function benchScoring() {
  const { words, takers } = benchData();
  const answers = takers.reduce((n, t) => n + t.answers.length, 0);
  const times: number[] = [];
  const cpu: number[] = [];
  let checksum = 0;
  for (let run = 0; run < RUNS; run += 1) {
    const start = performance.now();
    const startCpu = process.cpuUsage();
    const result = scoreQuestion(indexDictionary(words), takers);
    times.push(performance.now() - start);
    const used = process.cpuUsage(startCpu);
    cpu.push((used.user + used.system) / 1000);
    checksum = result.scores.reduce((n, s) => n + s.fluency + s.flexibility + s.originality, 0);
  }
  const sorted = [...times].sort((a, b) => a - b);
  const cpuMedian = [...cpu].sort((a, b) => a - b)[Math.floor(cpu.length / 2)];
  return {
    answers,
    dictionaryWords: words.length,
    runs: RUNS,
    medianMs: sorted[Math.floor(sorted.length / 2)],
    minMs: sorted[0],
    maxMs: sorted[sorted.length - 1],
    cpuMedianMs: cpuMedian,
    checksum,
  };
}

export function printScoringBench() {
  const r = benchScoring();
  process.stdout.write(
    `Scoring engine: ${r.answers.toLocaleString('en')} answers, ${r.dictionaryWords.toLocaleString('en')} dictionary words, ${r.runs} runs: ` +
      `median ${r.medianMs.toFixed(0)} ms (min ${r.minMs.toFixed(0)}, max ${r.maxMs.toFixed(0)}; target < 1000 ms), ` +
      `median CPU time ${r.cpuMedianMs.toFixed(0)} ms (the wall time grows when other work shares the cores)\n\n`,
  );
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) printScoringBench();
