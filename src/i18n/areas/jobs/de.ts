import type { MessageTree } from '../../app/nest';

/** Die Seite der Hintergrundaufgaben auf Deutsch (/background-jobs), der Fortschritt eines Exports und die Meldungen des Servers (domain/messages/jobs.ts). */
export default {
  app: {
    menu: { backgroundJobs: 'Hintergrundaufgaben' },
    jobs: {
      retried: 'Die Aufgabe wurde erneut gestartet',
      help: 'Aufgaben, die in den letzten %{days} Tagen fehlgeschlagen sind, und Aufgaben, die länger als %{minutes} Minuten laufen. Eine fehlgeschlagene Aufgabe kann erneut gestartet werden; eine laufende übernimmt ein anderer Server, wenn ihr Server ausfällt. Was eine Aufgabe enthält (eine E-Mail, Dateien eines Kindes), wird nie angezeigt.',
      none: 'Keine Aufgabe ist fehlgeschlagen, und keine läuft ungewöhnlich lange.',
      retry: 'Erneut versuchen',
      retryOne: 'Die Aufgabe %{queue} %{id} erneut versuchen',
      running: 'Läuft',
      triesOf: '%{tries} von %{max}',
      createdAt: 'Wartet seit %{time}',
      seconds: '%{n} s',
      minutes: '%{n} Min.',
      hours: '%{n} Std.',
      columns: {
        queue: 'Warteschlange',
        state: 'Status',
        tries: 'Versuche',
        started: 'Gestartet',
        duration: 'Dauer',
        error: 'Fehler',
        action: 'Aktion',
      },
      states: { failed: 'Fehlgeschlagen', active: 'Läuft lange' },
      queues: {
        mail: 'E-Mail',
        'password-reset': 'Passwort zurücksetzen',
        'erase-files': 'Dateien löschen',
        score: 'Punkte berechnen',
        'guest-retention': 'Alte Gäste entfernen',
        export: 'Export',
        'export-cleanup': 'Alte Exporte entfernen',
      },
    },
    exports: {
      notReady: 'Dieser Export ist noch nicht fertig',
      failed: 'Der Export konnte nicht erstellt werden; bitte erneut anfordern',
      title: '%{name} wird vorbereitet',
      progress: 'Fortschritt des Exports',
      waiting: 'Wartet, bis er an der Reihe ist…',
      rows: '%{processed} von %{total} Zeilen geschrieben',
      ready: 'Die Datei ist fertig.',
      kept: 'Sie können dieses Fenster schließen: Die Datei wird einen Tag lang aufbewahrt.',
      download: 'Herunterladen',
    },
  },
} satisfies MessageTree;
