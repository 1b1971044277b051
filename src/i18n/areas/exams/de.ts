import type { MessageTree } from '../../app/nest';

/** Der Neomi-Test auf Deutsch. */
export default {
  app: {
    codes: {
      examType: { pre: 'Vortest', post: 'Nachtest' },
      challenge: { c1: 'Aufgabe 1', c2: 'Aufgabe 2', c3: 'Aufgabe 3' },
      stage: { s1: 'Teil 1', s2: 'Teil 2', s3: 'Teil 3' },
      questionKind: {
        image_upload: 'Bild oder Foto', checklist: 'Auswahlliste', repeated_draw: 'Wiederholte Bilder',
        graph: 'Figurenfrage', single_choice: 'Einfachauswahl', free_text: 'Freitext',
      },
    },
    exams: {
      imageRequired: 'Vor jedem Teil des Tests ist ein Bild nötig',
      answerRequired: 'Bitte gib mindestens eine Antwort',
      answerEveryQuestion: 'Bitte beantworte jede Frage dieses Teils',
      secondAnswerRequired: 'Bitte schreibe deine Antwort auf die zweite Frage',
      questionNotInStage: 'Diese Frage gehört nicht zu diesem Teil',
      oneChoice: 'Bitte wähle nur eine Möglichkeit',
      stagesMixed: 'Alle Antworten einer Sendung müssen zu einem Teil eines Tests gehören',
      noQuestions: 'Dieser Test hat noch keine Fragen',
      timeOver: 'Die Zeit für diesen Test ist um: Die schon gesendeten Antworten bleiben gespeichert. Bitte deine Lehrkraft, die Zeit zurückzusetzen',
      finished: 'Dieser Test ist schon beendet',
      stageDone: 'Dieser Teil wurde schon gesendet',
      previousStageFirst: 'Bitte beende zuerst den vorigen Teil',
      groupDisabled: 'Für die Gruppe dieses Kindes sind Tests ausgeschaltet: Bitte frage die Lehrkraft',
      keyReused: 'Dieser Sendeschlüssel wurde schon für einen anderen Teil verwendet',
      notStarted: 'Dieser Test wurde noch nicht begonnen',
      questionHasAnswers: 'Diese Frage hat schon Antworten und kann nicht gelöscht werden',
      invalidModel: 'Die Datei muss ein 3D-Modell im Format glTF oder GLB sein',
      textRequired: 'Bitte gib den Fragetext auf Arabisch oder Englisch an',
      optionsRequired: 'Diese Art von Frage braucht eine Auswahlliste',
      kindNotInStage: 'Diese Art von Frage gehört nicht zu diesem Teil',
      timeSaved: 'Die Testdauer wurde gespeichert',
      timerReset: 'Die Zeit wurde zurückgesetzt',
      testRedone: 'Die Antworten dieses Tests wurden gelöscht: Das Kind kann ihn neu machen',
      answerUpdated: 'Die Antwort wurde geändert',
      questionDeleted: 'Die Frage wurde gelöscht',
    },
  },
} satisfies MessageTree;
