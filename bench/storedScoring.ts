/**
 * Scoring in the database: the same 100,000 answers as bench/scoring.ts
 * (10,000 takers × 10 answers, a 2,000-word dictionary), stored as tests
 * of one word question, then scored by the server's own path
 * (server/services/wordScoring.ts scoreQuestionInDb: read the dictionary,
 * takers and answers, score with the engine, write word_scores,
 * answer_matches, exam_answers.score and the counters, in one transaction).
 * Three timings: the first scoring (every row written), a rescoring with
 * nothing changed (read and compare only), and a rescoring after one
 * dictionary word was added (the rows that changed written).
 */
import { sql } from 'drizzle-orm';
import { isNoAnswer } from '../domain/scoring/noAnswer';
import { normaliseText } from '../domain/scoring/normalise';
import type { Database } from '../server/db/client';
import {
  categories,
  categorySets,
  categoryWords,
  children,
  examAnswers,
  examQuestions,
  exams,
  examSubmissions,
  questionCategorySets,
  subcategories,
} from '../server/db/schema';
import { scoreQuestionInDb } from '../server/services/wordScoring';
import { benchData } from './scoring';

const CHUNK = 2000;
async function insertChunks<T>(rows: T[], insert: (part: T[]) => Promise<unknown>) {
  for (let i = 0; i < rows.length; i += CHUNK) await insert(rows.slice(i, i + CHUNK));
}

/** Stores the bench data as one word question's tests; returns the question id and an unmatched word to add later. */
async function storeBenchData(
  db: Database,
): Promise<{ questionId: number; setId: number; subcategoryId: number; unmatched: string }> {
  const { words, takers } = benchData();
  const [set] = await db
    .insert(categorySets)
    .values({ name: 'bench: 100,000 answers', code: 'bench-100k' })
    .returning();
  const categoryIds = new Map<string, number>();
  const subcategoryIds = new Map<string, number>();
  for (const w of words) {
    if (!categoryIds.has(w.category)) {
      const [c] = await db.insert(categories).values({ setId: set.id, name: w.category }).returning();
      categoryIds.set(w.category, c.id);
    }
    if (!subcategoryIds.has(w.subcategory)) {
      const [s] = await db
        .insert(subcategories)
        .values({ categoryId: categoryIds.get(w.category)!, setId: set.id, name: w.subcategory })
        .returning();
      subcategoryIds.set(w.subcategory, s.id);
    }
  }
  const seen = new Set<string>();
  const wordRows = words.flatMap((w) => {
    const normalised = normaliseText(w.word);
    if (seen.has(normalised)) return [];
    seen.add(normalised);
    return [
      { subcategoryId: subcategoryIds.get(w.subcategory)!, setId: set.id, word: w.word, language: 'ar', normalised },
    ];
  });
  await insertChunks(wordRows, (part) => db.insert(categoryWords).values(part));

  const [question] = await db
    .insert(examQuestions)
    .values({
      examType: 2,
      challenge: 3,
      stage: 3,
      kind: 'free_text',
      text: { ar: 'اختبار السرعة', en: 'Benchmark question', de: 'Benchmark-Frage', fr: 'Question de mesure' },
      position: 99,
    })
    .returning();
  await db.insert(questionCategorySets).values({ questionId: question.id, setId: set.id });

  const childIds: number[] = [];
  await insertChunks(
    takers.map((t) => ({ name: `bench ${t.taker}` })),
    async (part) => {
      childIds.push(...(await db.insert(children).values(part).returning({ id: children.id })).map((r) => r.id));
    },
  );
  const startedAt = new Date(Date.now() - 86_400_000);
  const examIds: number[] = [];
  await insertChunks(childIds, async (part) => {
    examIds.push(
      ...(
        await db
          .insert(exams)
          .values(
            part.map((childId) => ({
              childId,
              examType: 2,
              challenge: 3,
              startedAt,
              durationSeconds: 1800,
              finishedAt: new Date(startedAt.getTime() + 1_200_000),
            })),
          )
          .returning({ id: exams.id })
      ).map((r) => r.id),
    );
  });
  const submissionIds: number[] = [];
  await insertChunks(examIds, async (part) => {
    submissionIds.push(
      ...(
        await db
          .insert(examSubmissions)
          .values(part.map((examId) => ({ examId, stage: 3, submissionKey: `bench-${examId}` })))
          .returning({ id: examSubmissions.id })
      ).map((r) => r.id),
    );
  });
  const answerRows = takers.flatMap((t, i) =>
    t.answers.map((answer, position) => ({
      examId: examIds[i],
      submissionId: submissionIds[i],
      childId: childIds[i],
      examType: 2,
      challenge: 3,
      stage: 3,
      questionId: question.id,
      position: position + 1,
      source: 'text',
      answer,
      language: 'ar',
    })),
  );
  await insertChunks(answerRows, (part) => db.insert(examAnswers).values(part));

  // the most frequent answer outside the dictionary: added to it later
  const counts = new Map<string, number>();
  for (const t of takers)
    for (const a of t.answers) {
      const n = normaliseText(a);
      if (n && !seen.has(n) && !isNoAnswer(n)) counts.set(n, (counts.get(n) ?? 0) + 1);
    }
  const unmatched = [...counts.entries()].sort((a, b) => b[1] - a[1])[0][0];
  return { questionId: question.id, setId: set.id, subcategoryId: [...subcategoryIds.values()][0], unmatched };
}

export interface StoredScoringBench {
  answers: number;
  takers: number;
  firstMs: number;
  unchangedMs: number;
  oneWordMs: number;
  changedMatches: number;
}

export async function benchStoredScoring(db: Database): Promise<StoredScoringBench> {
  const { questionId, setId, subcategoryId, unmatched } = await storeBenchData(db);
  await db.execute(sql`analyze`);
  const timed = async () => {
    const start = performance.now();
    const result = await db.transaction((tx) => scoreQuestionInDb(tx, questionId));
    return { ms: performance.now() - start, result };
  };
  const first = await timed();
  const unchanged = await timed();
  await db
    .insert(categoryWords)
    .values({ subcategoryId, setId, word: unmatched, language: 'ar', normalised: unmatched });
  const oneWord = await timed();
  return {
    answers: first.result.answers,
    takers: first.result.takers,
    firstMs: first.ms,
    unchangedMs: unchanged.ms,
    oneWordMs: oneWord.ms,
    changedMatches: oneWord.result.changedMatches,
  };
}

export function printStoredScoringBench(kind: string, r: StoredScoringBench) {
  process.stdout.write(
    `Stored scores (${kind}): ${r.answers.toLocaleString('en')} answers of ${r.takers.toLocaleString('en')} takers of one question, ` +
      `scored and stored in one transaction: first scoring ${r.firstMs.toFixed(0)} ms (every row written), ` +
      `rescoring unchanged ${r.unchangedMs.toFixed(0)} ms (read and compare), ` +
      `after one dictionary word ${r.oneWordMs.toFixed(0)} ms (${r.changedMatches.toLocaleString('en')} matches rewritten)\n\n`,
  );
}
