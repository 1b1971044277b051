import type { MessageTree } from '../../app/nest';

/** The Neomi test's console texts in English (server messages come from domain/messages/exams.ts). */
export default {
  app: {
    codes: {
      examType: { pre: 'Pre-test', post: 'Post-test' },
      challenge: { c1: 'Challenge 1', c2: 'Challenge 2', c3: 'Challenge 3' },
      stage: { s1: 'Stage 1', s2: 'Stage 2', s3: 'Stage 3' },
      questionKind: {
        image_upload: 'Drawing or photo', checklist: 'Checklist', repeated_draw: 'Repeated drawings',
        graph: 'Figure question', single_choice: 'Single choice', free_text: 'Free text',
      },
    },
  },
} satisfies MessageTree;
