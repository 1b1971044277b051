import type { MessageTree } from '../../app/nest';

export default {
  app: {
    validation: {
      outOfRange: 'Dieser Wert liegt außerhalb des erlaubten Bereichs',
      reportLink: 'Der Inhalt muss der Link zum Bericht dieses Kindes sein',
    },
    activities: {
      notEditable: 'Diese Aktivität wurde bewertet: Sie kann nicht mehr geändert werden',
      notDeletable: 'Diese Aktivität wurde bewertet: Sie kann nicht mehr gelöscht werden',
      resubmitRequested: 'Diese Aktivität wartet darauf, dass die Familie sie erneut abgibt: Ihre Bewertung kann nicht gespeichert werden',
      notEvaluated: 'Diese Aktivität wurde noch nicht bewertet',
      onlyFamiliesRate: 'Nur die Familie des Kindes kann eine Aktivität bewerten',
      notInGroup: 'Das Kind ist kein aktives Mitglied dieser Gruppe',
      notResubmittable: 'Nur eine von der Lehrkraft zurückgegebene Aktivität kann erneut abgegeben werden',
      lessonNotInCourse: 'Diese Aufgabe gehört nicht zum Kurs der Gruppe',
    },
    notifications: { noFamily: 'Dieses Kind hat kein Familienkonto, das benachrichtigt werden kann' },
    messages: { notToSelf: 'Sie können sich keine Nachricht selbst senden' },
    notify: {
      activitySubmitted: 'Die Aktivität wurde abgegeben',
      activityUpdated: 'Die Aktivität wurde gespeichert',
      activityDeleted: 'Aktivität gelöscht',
      evaluationSaved: 'Die Bewertung wurde gespeichert',
      evaluationDeleted: 'Die Bewertung wurde zurückgezogen',
      rated: 'Danke für Ihre Bewertung',
      messageSent: 'Ihre Nachricht wurde gesendet',
      feedbackSent: 'Danke für Ihr Feedback',
      reportSent: 'Der Bericht wurde an die Familie gesendet',
      notificationsRead: 'Als gelesen markiert',
    },
  },
} satisfies MessageTree;
