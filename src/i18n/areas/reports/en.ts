import type { MessageTree } from '../../app/nest';

/**
 * Reports area: a learner's report, the export and print pages, pre → post.
 * The English of the server's report messages (app.reports.*) comes from
 * domain/messages/reports.ts.
 */
export default {
  app: {
    reports: {
      degree: { above: 'Above average', average: 'Average', below: 'Below average' },
      measure: { fluency: 'Fluency', flexibility: 'Flexibility', originality: 'Originality', total: 'Total' },
      effect: { negligible: 'negligible', small: 'small', medium: 'medium', large: 'large' },
      answerStatus: {
        relevant: 'counted',
        empty: 'empty',
        no_answer: 'no answer',
        repeat: 'repeat',
        unscored: 'not scored',
      },
      ui: {
        title: 'Learner report',
        age: '%{smart_count} year old |||| %{smart_count} years old',
        testDate: 'Test date',
        notTaken: 'This test has not been taken yet.',
        notScored: 'This test has not been scored yet.',
        studentDegree: 'Level',
        percentile: 'Percentile rank: %{n}',
        percentileColumn: 'Percentile rank',
        takers: 'compared with %{smart_count} taker |||| compared with %{smart_count} takers',
        againstAverage: 'Scores against the average of all takers',
        average: 'Average of all takers',
        averageShort: 'average %{n}',
        dimension: 'Dimension',
        score: 'Score',
        degreeRule: 'Above or below: more than half a standard deviation from the mean of the takers of the same test.',
        byChallenge: 'By challenge',
        challenge: 'Challenge',
        print: 'Print',
        pdf: 'PDF',
        group: 'Group',
        learner: 'Learner',
        pairs: 'Learners',
        pairsCount: '%{smart_count} learner took both tests |||| %{smart_count} learners took both tests',
        noPairs: 'No learner has taken both the pre-test and the post-test yet.',
        noEffectSize: 'd: too few learners',
        prePost: 'Pre-test → post-test',
        allLearners: 'All learners',
        effectRule:
          "Effect size: Cohen's d for paired scores (mean change ÷ standard deviation of the changes); 0.2 small, 0.5 medium, 0.8 large.",
        examReports: 'Neomi report',
        exportTitle: 'Results of a group',
        noGroups: 'No group to report on.',
        takersShort: 'pre %{pre} · post %{post}',
        test: 'Test',
        allChallenges: 'All challenges',
        exportXlsx: 'Export exam_results.xlsx',
        printPage: 'Print page',
        printTitle: 'Neomi test',
        printCorrected: 'Neomi test, corrected',
        nothingToPrint: 'No test to print.',
        noAnswers: 'No answers',
        unmatched: 'no category',
        points: '%{smart_count} point |||| %{smart_count} points',
      },
    },
  },
} satisfies MessageTree;
