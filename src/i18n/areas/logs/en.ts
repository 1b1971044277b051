import type { MessageTree } from '../../app/nest';

/**
 * The logs list in English: names of the audit rows' kinds (domain/logs.ts LOG_ENTITIES) of
 * the test-taking and scoring areas; the other areas name theirs in their own files.
 */
export default {
  app: {
    logs: {
      entities: {
        exam: 'Test',
        exam_question: 'Test question',
        exam_answer: 'Test answer',
        question_set: 'Question set',
        category_word: 'Dictionary word',
        scoring_job: 'Scoring job',
        marking_allocation: 'Marking allocation',
        marking: 'Marking',
      },
    },
  },
} satisfies MessageTree;
