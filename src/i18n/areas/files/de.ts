import type { MessageTree } from '../../app/nest';

export default {
  app: {
    import: {
      notAWorkbook: 'Die Datei muss eine Excel-Arbeitsmappe (.xlsx) sein',
      missingColumn: 'Der Datei fehlt diese Spalte: bitte die Vorlage verwenden',
      tooManyRows: 'Die Datei hat zu viele Zeilen',
      workbookTooLarge:
        'Die Arbeitsmappe ist entpackt zu groß (höchstens 50 MB in 200 Teilen): Bilder entfernen oder auf mehrere Dateien aufteilen',
      fileRequired: 'Bitte eine Datei wählen',
      hasErrors: 'Einige Zeilen sind ungültig: nichts wurde gespeichert',
      numberCell:
        'Als Zahl eingegeben: eine führende 0 oder ein + ist verloren gegangen. Bitte als Text eingeben, z. B. 01008337887',
      dateCellAmbiguous:
        'Eine Datumszelle, deren Tag und Monat vertauscht sein könnten: bitte prüfen oder als Text TT/MM/JJJJ eingeben',
    },
    errors: { requestTooLarge: 'Die Anfrage ist zu groß' },
  },
} satisfies MessageTree;
