import type { MessageTree } from '../../app/nest';

/** Les paramètres en français (/settings) et les messages du serveur sur les valeurs refusées. */
export default {
  app: {
    menu: { settings: 'Paramètres' },
    settings: {
      help: 'Paramètres de toute la plateforme. Chacun indique ce qu’il fait, les valeurs permises et sa valeur actuelle ; un changement s’applique aussitôt.',
      on: 'Activé',
      off: 'Désactivé',
      rangeOnOff: 'Valeurs permises : activé ou désactivé',
      range: 'Valeurs permises : de %{min} à %{max}',
      current: 'Actuellement : %{value}',
      change: 'Modifier',
      changeOne: 'Modifier : %{name}',
      openSettings: 'Le modifier dans les paramètres',
      // le nombre avec son unité : 0 ou 1 |||| plus
      units: {
        seconds: '%{n} seconde |||| %{n} secondes',
        percent: '%{n} %',
        points: '%{n} point |||| %{n} points',
        tries: '%{n} essai |||| %{n} essais',
        days: '%{n} jour |||| %{n} jours',
      },
      items: {
        register_captcha: {
          label: 'Vérifier à l’inscription qu’une personne s’inscrit',
          help: 'Activé, le formulaire d’inscription lance la vérification que le visiteur est une personne (une énigme que le navigateur résout seul) avant de créer le compte. Désactivé par défaut.',
        },
        challenge_cost: {
          label: 'Coût de la vérification qu’une personne agit',
          help: 'Le plus grand nombre d’essais dont un navigateur peut avoir besoin pour résoudre la vérification (la moitié en moyenne). Plus haut ralentit les inscriptions et envois automatisés, mais aussi les téléphones anciens.',
        },
        test_duration_seconds: {
          label: 'Durée du test',
          help: 'Le temps dont un enfant dispose pour un défi du test de créativité, compté depuis son début. Un changement s’applique aux tests commencés ensuite.',
        },
        originality_rare_percent: {
          label: 'Originalité : réponses rares',
          help: 'Une réponse dont la sous-catégorie est donnée par moins de cette part des participants à la même question rapporte 2 points d’originalité. Pas au-dessus du seuil des réponses peu communes ; un changement recalcule tous les tests.',
        },
        originality_uncommon_percent: {
          label: 'Originalité : réponses peu communes',
          help: 'Une réponse dont la sous-catégorie est donnée par moins de cette part (et qui n’est pas rare) rapporte 1 point d’originalité. Pas au-dessous du seuil des réponses rares ; un changement recalcule tous les tests.',
        },
        marking_disagreement_margin: {
          label: 'Marge avant un troisième correcteur',
          help: 'Quand les totaux des deux corrections d’un test diffèrent de plus de ce nombre de points, le test va à un troisième correcteur.',
        },
        guest_retention_days: {
          label: 'Conservation des tests des invités',
          help: 'Un invité (qui passe le test sans compte) est supprimé avec ses tests, dessins et photos ce nombre de jours après son dernier test. Les apprenants des familles et des écoles ne sont jamais supprimés ainsi. Vérifié chaque nuit.',
        },
      },
      onOrOff: 'Ce paramètre est soit activé, soit désactivé',
      durationRange: 'La durée du test doit être un nombre entier de secondes de 60 à 14400',
      marginRange: 'La marge doit être un nombre entier de 0 à 1000',
      retentionRange: 'La durée de conservation doit être un nombre entier de jours de 7 à 3650',
      unknown: 'Ce paramètre n’existe pas',
      saved: 'Le paramètre a été enregistré',
    },
  },
} satisfies MessageTree;
