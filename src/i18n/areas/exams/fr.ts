import type { MessageTree } from '../../app/nest';

/** Le test Neomi en français. */
export default {
  app: {
    codes: {
      examType: { pre: 'Pré-test', post: 'Post-test' },
      challenge: { c1: 'Défi 1', c2: 'Défi 2', c3: 'Défi 3' },
      stage: { s1: 'Étape 1', s2: 'Étape 2', s3: 'Étape 3' },
      questionKind: {
        image_upload: 'Dessin ou photo', checklist: 'Liste à cocher', repeated_draw: 'Dessins répétés',
        graph: 'Question à figure', single_choice: 'Choix unique', free_text: 'Texte libre',
      },
    },
    exams: {
      imageRequired: 'Une image est requise avant chaque étape du test',
      answerRequired: 'Donne au moins une réponse',
      answerEveryQuestion: 'Réponds à toutes les questions de cette étape',
      secondAnswerRequired: 'Écris ta réponse à la deuxième question',
      questionNotInStage: 'Cette question ne fait pas partie de cette étape',
      oneChoice: 'Choisis une seule option',
      stagesMixed: 'Toutes les réponses d’un envoi doivent appartenir à une étape d’un même test',
      noQuestions: 'Ce test n’a pas encore de questions',
      timeOver: 'Le temps de ce test est écoulé : les réponses déjà envoyées sont conservées. Demande à ton enseignant de relancer le minuteur',
      finished: 'Ce test est déjà terminé',
      stageDone: 'Cette étape a déjà été envoyée',
      previousStageFirst: 'Termine d’abord l’étape précédente',
      groupDisabled: 'Les tests sont désactivés pour le groupe de cet élève : demande à l’enseignant',
      keyReused: 'Cette clé d’envoi a déjà servi pour une autre étape',
      notStarted: 'Ce test n’a pas encore commencé',
      questionHasAnswers: 'Cette question a déjà des réponses et ne peut pas être supprimée',
      invalidModel: 'Le fichier doit être un modèle 3D au format glTF ou GLB',
      textRequired: 'Indique le texte de la question en arabe ou en anglais',
      optionsRequired: 'Ce type de question demande une liste d’options',
      kindNotInStage: 'Ce type de question n’appartient pas à cette étape',
      timeSaved: 'La durée du test a été enregistrée',
      timerReset: 'Le minuteur a été relancé',
      testRedone: 'Les réponses de ce test ont été supprimées : l’élève peut le refaire',
      answerUpdated: 'La réponse a été modifiée',
      questionDeleted: 'La question a été supprimée',
    },
  },
} satisfies MessageTree;
