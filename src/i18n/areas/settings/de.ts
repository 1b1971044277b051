import type { MessageTree } from '../../app/nest';

/** Die Einstellungen auf Deutsch (/settings) und die Meldungen des Servers zu abgelehnten Werten. */
export default {
  app: {
    menu: { settings: 'Einstellungen' },
    settings: {
      help: 'Einstellungen der ganzen Plattform. Jede zeigt, was sie bewirkt, welche Werte erlaubt sind und ihren jetzigen Wert; eine Änderung gilt sofort.',
      on: 'Ein',
      off: 'Aus',
      rangeOnOff: 'Erlaubte Werte: ein oder aus',
      range: 'Erlaubte Werte: von %{min} bis %{max}',
      current: 'Jetzt: %{value}',
      change: 'Ändern',
      changeOne: 'Ändern: %{name}',
      openSettings: 'In den Einstellungen ändern',
      // die Zahl mit ihrer Einheit: eins |||| mehr
      units: {
        seconds: '%{n} Sekunde |||| %{n} Sekunden',
        percent: '%{n} %',
        points: '%{n} Punkt |||| %{n} Punkte',
        tries: '%{n} Versuch |||| %{n} Versuche',
        days: '%{n} Tag |||| %{n} Tage',
      },
      items: {
        register_captcha: {
          label: 'Bei der Registrierung prüfen, dass sich ein Mensch registriert',
          help: 'Wenn eingeschaltet, führt das Registrierungsformular die Prüfung aus, dass der Besucher ein Mensch ist (ein Rätsel, das der Browser selbst löst), bevor ein Konto angelegt wird. Standardmäßig aus.',
        },
        challenge_cost: {
          label: 'Aufwand der Prüfung, dass ein Mensch handelt',
          help: 'Die höchste Zahl an Versuchen, die ein Browser zum Lösen der Prüfung brauchen kann (im Mittel die Hälfte). Höher bremst automatische Registrierungen und Sendungen, aber auch ältere Telefone.',
        },
        test_duration_seconds: {
          label: 'Testdauer',
          help: 'Die Zeit, die ein Kind für eine Aufgabe des Kreativitätstests hat, ab ihrem Beginn gezählt. Eine Änderung gilt für danach begonnene Tests.',
        },
        originality_rare_percent: {
          label: 'Originalität: seltene Antworten',
          help: 'Eine Antwort, deren Unterkategorie weniger als dieser Anteil der Teilnehmenden derselben Frage nennt, erhält 2 Originalitätspunkte. Nicht über der Schwelle für ungewöhnliche Antworten; eine Änderung bewertet alle Tests neu.',
        },
        originality_uncommon_percent: {
          label: 'Originalität: ungewöhnliche Antworten',
          help: 'Eine Antwort, deren Unterkategorie weniger als dieser Anteil nennt (und die nicht selten ist), erhält 1 Originalitätspunkt. Nicht unter der Schwelle für seltene Antworten; eine Änderung bewertet alle Tests neu.',
        },
        marking_disagreement_margin: {
          label: 'Toleranz vor einer dritten Korrektur',
          help: 'Weichen die Summen der beiden Korrekturen eines Tests um mehr als so viele Punkte ab, geht der Test an einen dritten Korrektor.',
        },
        guest_retention_days: {
          label: 'Aufbewahrung der Tests von Gästen',
          help: 'Ein Gast (wer ohne Konto einen Test macht) wird mit seinen Tests, Zeichnungen und Fotos so viele Tage nach seinem letzten Test gelöscht. Lernende von Familien und Schulen löscht dies nie. Jede Nacht geprüft.',
        },
      },
      onOrOff: 'Diese Einstellung ist entweder ein oder aus',
      durationRange: 'Die Testdauer muss eine ganze Zahl von Sekunden von 60 bis 14400 sein',
      marginRange: 'Die Toleranz muss eine ganze Zahl von 0 bis 1000 sein',
      retentionRange: 'Die Aufbewahrungsdauer muss eine ganze Zahl von Tagen von 7 bis 3650 sein',
      unknown: 'Diese Einstellung gibt es nicht',
      saved: 'Die Einstellung wurde gespeichert',
    },
  },
} satisfies MessageTree;
