import type { MessageTree } from '../../app/nest';

/**
 * Marking area: word scores, rescoring, the review queue, marking. The English of the
 * server's messages (app.scores.*, app.marking.*) comes from domain/messages/marking.ts.
 */
export default {
  app: {},
} satisfies MessageTree;
