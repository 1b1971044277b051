import type { MessageTree } from '../../app/nest';

/**
 * Marking area: word scores, rescoring, the review queue, marking. The English of the
 * server's messages (app.scores.*, app.marking.*) comes from domain/messages/marking.ts.
 */
export default {
  app: {
    marking: {
      title: 'Marking',
      testCode: 'Test %{code}',
      markedOf: '%{marked} of %{total} marked',
      reload: 'Reload',
      finishedNote: 'This test is marked; its marks can no longer change.',
      drawingOf: 'Drawing %{n} of %{total} (stage %{stage})',
      drawingAlt: 'Drawing %{n}',
      previous: 'Previous',
      next: 'Next',
      rubric: 'Rubric',
      assessed: 'Assessed',
      items: { originality: 'Originality', elaboration: 'Elaboration', closure: 'Resistance to closure', title: 'Title' },
      hints: {
        originality: 'How unusual the idea is: 0 common … 3 unique',
        elaboration: 'Detail added beyond the basic idea: 0 none … 3 rich',
        closure: 'The figure kept open or closed in an unexpected way: 0 … 2',
        title: 'The title or story of the drawing: 0 none or literal … 2 abstract',
      },
      keys: 'Keys: ← → drawing, ↑ ↓ rubric item, a digit gives the score. Each score is saved as a draft at once.',
      finish: 'Finish marking',
      backToQueue: 'Back to the tests to mark',
      noDrawings: 'This test has no drawings.',
      code: 'Code',
      exam: 'Test',
      progress: 'Progress',
      assignedAt: 'Allocated',
      finishedAt: 'Finished',
      mark: 'Mark',
      view: 'View',
      noneToMark: 'No test is waiting for you to mark.',
      noneFinished: 'You have not finished marking any test yet.',
    },
    reviewQueue: {
      title: 'Review queue: answer words in no category',
      help: 'Drag a word onto a subcategory to add it to the dictionary (the set is then rescored), or remove it from the queue with ×.',
      empty: 'No answer word is waiting for review in this set.',
      words: 'Words waiting for review',
      targets: 'Subcategories',
      seen: 'Given %{smart_count} time in %{tests} tests |||| Given %{smart_count} times in %{tests} tests',
    },
  },
} satisfies MessageTree;
