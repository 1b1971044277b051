import type { MessageTree } from '../../app/nest';

/** Marking area in German: word scores, rescoring, the review queue, marking; and the server's messages of these. */
export default {
  app: {
    scores: {
      percentRange: 'Gib einen Prozentsatz von 0 bis 100 ein',
      thresholdOrder: 'Die Schwelle für „selten“ darf nicht über der für „ungewöhnlich“ liegen',
      notWordQuestion: 'Diese Frage hat keine geschriebenen Antworten, die bewertet werden könnten',
      questionLinked: 'Die Frage wurde mit dem Kategoriensatz verknüpft',
      questionUnlinked: 'Diese Frage wird nicht mehr mit einem Kategoriensatz bewertet',
      rescoreQueued: 'Die Neubewertung hat begonnen',
      scored: 'Die Werte wurden berechnet',
      wordAssigned: 'Das Wort wurde ins Wörterbuch aufgenommen; die Neubewertung hat begonnen',
      wordDismissed: 'Das Wort hat die Prüfliste verlassen',
      wordRestored: 'Das Wort steht wieder auf der Prüfliste',
      notInQueue: 'Dieses Wort wartet in diesem Satz nicht auf Prüfung',
      subcategoryNotInSet: 'Diese Unterkategorie gehört zu einem anderen Kategoriensatz',
      alreadyAWord: 'Dieses Wort steht schon im Wörterbuch dieses Satzes',
      wordMismatch: 'Diese Schreibweise ist nicht dasselbe Wort wie das auf der Liste',
      tooManyWords: 'Sende höchstens 200 Wörter auf einmal',
    },
  },
} satisfies MessageTree;
