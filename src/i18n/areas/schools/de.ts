import type { MessageTree } from '../../app/nest';

export default {
  app: {
    logs: { entities: { region: 'Region', school: 'Schule', school_class: 'Klasse', seat_request: 'Platzanfrage', group: 'Gruppe' } },
    schools: {
      errors: {
        noFreeSeats: 'Nicht genug freie Plätze: Die Schule hat ihre genehmigten Plätze belegt. Beantragen Sie zuerst weitere Plätze',
        nationalIdTaken: 'Ein Schüler mit dieser Ausweisnummer ist bereits registriert',
        schoolNotEmpty: 'Diese Schule hat noch Schüler, Lehrkräfte oder Gruppen: verschieben Sie sie zuerst',
        classNameTaken: 'Die Schule hat bereits eine Klasse mit diesem Namen',
        schoolRequired: 'Bitte wählen Sie eine Schule',
        regionRequired: 'Bitte wählen Sie eine Region',
      },
    },
    seats: {
      errors: {
        alreadyDecided: 'Über diese Anfrage wurde bereits entschieden',
        awaitingRegion: 'Die Regionsverwaltung muss diese Anfrage zuerst genehmigen',
        ownRequest: 'Sie können nicht über Ihre eigene Anfrage entscheiden',
      },
    },
    import: {
      duplicateInFile: 'Dieser Wert kommt mehrmals in der Datei vor',
      unknownClass: 'Die Schule hat keine Klasse mit diesem Namen',
      emailTaken: 'Diese E-Mail-Adresse gehört zu einem Konto außerhalb der Schule',
      nationalIdTaken: 'Diese Ausweisnummer gehört zu einem Schüler einer anderen Schule',
    },
  },
} satisfies MessageTree;
