import type { MessageTree } from '../../app/nest';

/**
 * The logs list in French: names of the audit rows' kinds (domain/logs.ts LOG_ENTITIES) of
 * the test-taking and scoring areas; the other areas name theirs in their own files.
 */
export default {
  app: {
    logs: {
      entities: {
        exam: 'Test',
        exam_question: 'Question de test',
        exam_answer: 'Réponse de test',
        question_set: 'Série de questions',
        category_word: 'Mot du dictionnaire',
        scoring_job: 'Tâche de notation',
        marking_allocation: 'Attribution de correction',
        marking: 'Correction',
      },
    },
  },
} satisfies MessageTree;
