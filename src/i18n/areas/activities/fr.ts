import type { MessageTree } from '../../app/nest';

export default {
  app: {
    validation: {
      outOfRange: 'Cette valeur est hors des limites',
      reportLink: 'Le contenu doit être le lien du rapport de cet élève',
    },
    activities: {
      notEditable: 'Cette activité a été évaluée : elle ne peut plus être modifiée',
      notDeletable: 'Cette activité a été évaluée : elle ne peut plus être supprimée',
      resubmitRequested: 'Cette activité attend que la famille la rende à nouveau : son évaluation ne peut pas être enregistrée',
      notEvaluated: "Cette activité n'a pas encore été évaluée",
      onlyFamiliesRate: "Seule la famille de l'enfant peut noter une activité",
      notInGroup: "L'enfant n'est pas un membre actif de ce groupe",
      notResubmittable: "Seule une activité renvoyée par l'enseignant peut être rendue à nouveau",
      lessonNotInCourse: "Cette tâche ne fait pas partie du cours du groupe",
    },
    notifications: { noFamily: "Cet élève n'a pas de compte famille à prévenir" },
    messages: { notToSelf: 'Vous ne pouvez pas vous envoyer un message' },
    notify: {
      activitySubmitted: "L'activité a été rendue",
      activityUpdated: "L'activité a été enregistrée",
      activityDeleted: 'Activité supprimée',
      evaluationSaved: "L'évaluation a été enregistrée",
      evaluationDeleted: "L'évaluation a été retirée",
      rated: 'Merci pour votre note',
      messageSent: 'Votre message a été envoyé',
      feedbackSent: 'Merci pour votre avis',
      reportSent: 'Le rapport a été envoyé à la famille',
      notificationsRead: 'Marqué comme lu',
    },
  },
} satisfies MessageTree;
