import type { MessageTree } from '../../app/nest';

/** Marking area in French: word scores, rescoring, the review queue, marking; and the server's messages of these. */
export default {
  app: {
    scores: {
      percentRange: 'Saisissez un pourcentage de 0 à 100',
      thresholdOrder: 'Le seuil « rare » ne peut pas dépasser le seuil « peu courant »',
      notWordQuestion: 'Cette question n’a pas de réponses écrites à noter',
      questionLinked: 'La question a été reliée à l’ensemble de catégories',
      questionUnlinked: 'Cette question n’est plus notée avec un ensemble de catégories',
      rescoreQueued: 'La nouvelle notation a commencé',
      scored: 'Les scores ont été calculés',
      wordAssigned: 'Le mot a été ajouté au dictionnaire ; la nouvelle notation a commencé',
      wordDismissed: 'Le mot a quitté la file de vérification',
      wordRestored: 'Le mot est de retour dans la file de vérification',
      notInQueue: 'Ce mot n’attend pas de vérification dans cet ensemble',
      subcategoryNotInSet: 'Cette sous-catégorie appartient à un autre ensemble de catégories',
      alreadyAWord: 'Ce mot est déjà dans le dictionnaire de cet ensemble',
      wordMismatch: 'Cette orthographe n’est pas le même mot que celui de la file',
      tooManyWords: 'Envoyez au plus 200 mots à la fois',
    },
  },
} satisfies MessageTree;
