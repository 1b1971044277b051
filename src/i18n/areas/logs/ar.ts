import type { MessageTree } from '../../app/nest';

/**
 * The logs list in Arabic: names of the audit rows' kinds (domain/logs.ts LOG_ENTITIES) of
 * the test-taking and scoring areas; the other areas name theirs in their own files.
 */
export default {
  app: {
    logs: {
      entities: {
        exam: 'اختبار',
        exam_question: 'سؤال اختبار',
        exam_answer: 'إجابة اختبار',
        question_set: 'مجموعة أسئلة',
        category_word: 'كلمة في القاموس',
        scoring_job: 'مهمة احتساب الدرجات',
        marking_allocation: 'توزيع التصحيح',
        marking: 'تصحيح',
      },
    },
  },
} satisfies MessageTree;
