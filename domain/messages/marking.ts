/** Messages of word scores, rescoring, the review queue (app.scores.*) and marking (app.marking.*). */
export const MARKING_MESSAGES = {
  'app.scores.percentRange': 'Enter a percentage from 0 to 100',
  'app.scores.thresholdOrder': 'The rare threshold cannot be above the uncommon one',
  'app.scores.notWordQuestion': 'This question has no written answers to score',
  'app.scores.questionLinked': 'The question has been linked to the category set',
  'app.scores.questionUnlinked': 'The question is no longer scored with a category set',
  'app.scores.rescoreQueued': 'Rescoring has started',
  'app.scores.scored': 'The scores have been computed',
  'app.scores.wordAssigned': 'The word has been added to the dictionary; rescoring has started',
  'app.scores.wordDismissed': 'The word has left the review queue',
  'app.scores.wordRestored': 'The word is back in the review queue',
  'app.scores.notInQueue': 'This word is not waiting for review in this set',
  'app.scores.subcategoryNotInSet': 'This subcategory belongs to another category set',
  'app.scores.alreadyAWord': 'This word is already in the dictionary of this set',
  'app.scores.wordMismatch': 'This spelling is not the same word as the one in the queue',
  'app.scores.tooManyWords': 'Send at most 200 words at once',
} as const;
