import type { MessageTree } from '../../app/nest';

/** Score screens in French. */
export default {
  app: {
    score: {
      confirmed: 'Confirmé',
      notConfirmed: 'Non confirmé',
      count: { takers: 'Ont passé le test', scored: 'Notés', confirmed: 'Scores confirmés' },
      review: {
        title: 'Revue des scores',
        notConfirmed: "Ces scores n'ont pas encore été confirmés.",
        confirmedBy: 'Confirmé par %{by} le %{at}.',
        outdated: 'Confirmé par %{by} le %{at}, mais une nouvelle notation a changé les scores depuis : confirmez-les de nouveau.',
        perAnswer: 'originalité par réponse %{n}',
        answer: 'Réponse',
        status: 'Statut',
        category: 'Catégorie',
        subcategory: 'Sous-catégorie',
        points: 'Points',
        confirm: 'Confirmer le score',
        sendReport: 'Envoyer le rapport à la famille',
        openReport: 'Ouvrir le rapport',
      },
      search: {
        label: "Nom de l'apprenant",
        help: 'Une partie du nom suffit (50 apprenants au plus).',
        none: 'Aucun apprenant trouvé.',
        name: 'Apprenant',
        parent: 'Compte famille',
        tests: 'Tests',
        noTests: 'Aucun test passé',
        review: 'Scores',
        report: 'Rapport',
      },
      cohort: {
        noTakers: "Aucun apprenant correspondant à ces filtres n'a été noté à ce test.",
        takers: '%{smart_count} apprenant noté (participants au test : %{all}) |||| %{smart_count} apprenants notés (participants au test : %{all})',
        againstAll: 'Moyennes comparées à tous les participants',
        cohortMean: 'Ces apprenants',
        labels: 'Au-dessus, dans, en dessous de la moyenne',
        histogram: "Totaux : combien d'apprenants",
        learners: 'Apprenants',
        statistics: 'Statistiques',
        stat: {
          n: 'Apprenants', mean: 'Moyenne', sd: 'Écart type', min: 'Min.', p25: '25e cent.', median: 'Médiane', p75: '75e cent.', max: 'Max.',
          programme_mean: 'Moyenne de tous les participants',
        },
        by: { region: 'Par région', school: 'Par école', group: 'Par groupe' },
        level: { region: 'Région', school: 'École', group: 'Groupe' },
        totalMean: 'Total moyen',
        any: 'Tous',
        from: 'Date du test, du',
        to: 'Date du test, au',
        gender: 'Genre',
        ageGroup: "Tranche d'âge",
      },
    },
  },
  resources: {
    scores: {
      name: 'Résultat |||| Résultats',
      fields: {
        name: 'Apprenant', fluency: 'Fluidité', flexibility: 'Flexibilité', originality: 'Originalité', total: 'Total',
        answers: 'Réponses', test_date: 'Date du test', confirmed: 'Confirmation', exam_type: 'Test', challenge: 'Défi', group_id: 'Groupe',
      },
    },
  },
} satisfies MessageTree;
