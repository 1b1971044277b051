import type { MessageTree } from '../../app/nest';

/** Score screens in German. */
export default {
  app: {
    score: {
      confirmed: 'Bestätigt',
      notConfirmed: 'Nicht bestätigt',
      count: { takers: 'Test abgelegt', scored: 'Bewertet', confirmed: 'Punkte bestätigt' },
      review: {
        title: 'Punkteprüfung',
        notConfirmed: 'Diese Punkte sind noch nicht bestätigt.',
        confirmedBy: 'Bestätigt von %{by} am %{at}.',
        outdated: 'Bestätigt von %{by} am %{at}, doch eine Neubewertung hat die Punkte seitdem geändert: bitte erneut bestätigen.',
        perAnswer: 'Originalität je Antwort %{n}',
        answer: 'Antwort',
        status: 'Status',
        category: 'Kategorie',
        subcategory: 'Unterkategorie',
        points: 'Punkte',
        confirm: 'Punkte bestätigen',
        sendReport: 'Bericht an die Familie senden',
        openReport: 'Bericht öffnen',
      },
      search: {
        label: 'Name des Lernenden',
        help: 'Ein Teil des Namens genügt (höchstens 50 Lernende).',
        none: 'Kein Lernender gefunden.',
        name: 'Lernende/r',
        parent: 'Familienkonto',
        tests: 'Tests',
        noTests: 'Kein Test abgelegt',
        review: 'Punkte',
        report: 'Bericht',
      },
      cohort: {
        noTakers: 'Kein Lernender, der diesen Filtern entspricht, wurde in diesem Test bewertet.',
        takers: '%{smart_count} Lernender bewertet (Teilnehmende des Tests: %{all}) |||| %{smart_count} Lernende bewertet (Teilnehmende des Tests: %{all})',
        againstAll: 'Mittelwerte im Vergleich zu allen Teilnehmenden',
        cohortMean: 'Diese Lernenden',
        labels: 'Über, im, unter dem Durchschnitt',
        histogram: 'Gesamtwerte: wie viele Lernende',
        learners: 'Lernende',
        statistics: 'Statistik',
        stat: {
          n: 'Lernende', mean: 'Mittelwert', sd: 'SD', min: 'Min.', p25: '25. Perz.', median: 'Median', p75: '75. Perz.', max: 'Max.',
          programme_mean: 'Mittelwert aller Teilnehmenden',
        },
        by: { region: 'Nach Region', school: 'Nach Schule', group: 'Nach Gruppe' },
        level: { region: 'Region', school: 'Schule', group: 'Gruppe' },
        totalMean: 'Mittlerer Gesamtwert',
        any: 'Alle',
        from: 'Testdatum von',
        to: 'Testdatum bis',
        gender: 'Geschlecht',
        ageGroup: 'Altersgruppe',
      },
    },
  },
  resources: {
    scores: {
      name: 'Ergebnis |||| Ergebnisse',
      fields: {
        name: 'Lernende/r', fluency: 'Flüssigkeit', flexibility: 'Flexibilität', originality: 'Originalität', total: 'Gesamt',
        answers: 'Antworten', test_date: 'Testdatum', confirmed: 'Bestätigung', exam_type: 'Test', challenge: 'Aufgabe', group_id: 'Gruppe',
      },
    },
  },
} satisfies MessageTree;
