import { z } from 'zod';
import { indexDictionary, wordsOfNestedDictionary } from './dictionary';
import { DEFAULT_SCORING_SETTINGS, scoreQuestion, type ScoringSettings } from './engine';

/**
 * The file `npm run score -- FILE.json` reads: one question, its dictionary
 * and its takers' answers (docs/SCORING.md, "Scoring a file").
 */
export const scoringFileSchema = z.object({
  question: z.union([z.string(), z.number()]),
  dictionary: z.record(z.string(), z.record(z.string(), z.array(z.string()))),
  takers: z.array(
    z.object({
      taker: z.union([z.string(), z.number()]).transform(String),
      answers: z.array(z.string()),
    }),
  ),
});
export type ScoringFile = z.input<typeof scoringFileSchema>;

export interface FileScore {
  fluency: number;
  flexibility: number;
  originality: number;
  originality_per_answer: number;
}

/** Scores a parsed file with the engine: `{<taker>: {fluency, flexibility, originality, originality_per_answer}}`. */
export function scoreFile(
  file: ScoringFile,
  settings: ScoringSettings = DEFAULT_SCORING_SETTINGS,
): Record<string, FileScore> {
  const { dictionary, takers } = scoringFileSchema.parse(file);
  const { scores } = scoreQuestion(indexDictionary(wordsOfNestedDictionary(dictionary)), takers, settings);
  return Object.fromEntries(
    scores.map((s) => [
      s.taker,
      {
        fluency: s.fluency,
        flexibility: s.flexibility,
        originality: s.originality,
        originality_per_answer: s.originality_per_answer,
      },
    ]),
  );
}
