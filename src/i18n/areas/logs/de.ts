import type { MessageTree } from '../../app/nest';

/**
 * The logs list in German: names of the audit rows' kinds (domain/logs.ts LOG_ENTITIES) of
 * the test-taking and scoring areas; the other areas name theirs in their own files.
 */
export default {
  app: {
    logs: {
      entities: {
        exam: 'Test',
        exam_question: 'Testfrage',
        exam_answer: 'Testantwort',
        question_set: 'Fragensatz',
        category_word: 'Wörterbuchwort',
        scoring_job: 'Bewertungsauftrag',
        marking_allocation: 'Korrekturzuteilung',
        marking: 'Korrektur',
      },
    },
  },
} satisfies MessageTree;
