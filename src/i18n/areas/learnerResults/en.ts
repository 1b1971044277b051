import type { MessageTree } from '../../app/nest';

/**
 * Score screens (src/custom-pages/learner-results): /score, /score/review/:exam_type/:id,
 * /search/user and /exam/report. Dimension names, answer statuses and the
 * server's messages (app.reports.*) are the reports area's.
 */
export default {
  app: {
    score: {
      confirmed: 'Confirmed',
      notConfirmed: 'Not confirmed',
      count: { takers: 'Took the test', scored: 'Scored', confirmed: 'Scores confirmed' },
      review: {
        title: 'Score review',
        notConfirmed: 'These scores have not been confirmed yet.',
        confirmedBy: 'Confirmed by %{by} on %{at}.',
        outdated: 'Confirmed by %{by} on %{at}, but rescoring has changed the scores since: confirm them again.',
        perAnswer: 'originality per answer %{n}',
        answer: 'Answer',
        status: 'Status',
        category: 'Category',
        subcategory: 'Subcategory',
        points: 'Points',
        confirm: 'Confirm score',
        sendReport: 'Send report to family',
        openReport: 'Open the report',
      },
      search: {
        label: "Learner's name",
        help: 'Part of the name is enough (50 learners at most).',
        none: 'No learner found.',
        name: 'Learner',
        parent: 'Family account',
        tests: 'Tests',
        noTests: 'No test taken',
        unexpectedFormat: 'Unexpected response format',
        review: 'Scores',
        report: 'Report',
      },
      cohort: {
        noTakers: 'No learner matching these filters has been scored in this test.',
        takers:
          '%{smart_count} learner scored (takers of the test: %{all}) |||| %{smart_count} learners scored (takers of the test: %{all})',
        againstAll: 'Means against every taker',
        cohortMean: 'These learners',
        labels: 'Above, average, below',
        histogram: 'Totals: how many learners',
        learners: 'Learners',
        statistics: 'Statistics',
        stat: {
          n: 'Learners',
          mean: 'Mean',
          sd: 'SD',
          min: 'Min',
          p25: '25th pct.',
          median: 'Median',
          p75: '75th pct.',
          max: 'Max',
          programme_mean: 'Mean of all takers',
        },
        by: { region: 'By region', school: 'By school', group: 'By group' },
        level: { region: 'Region', school: 'School', group: 'Group' },
        totalMean: 'Mean total',
        any: 'All',
        from: 'Test date from',
        to: 'Test date to',
        gender: 'Gender',
        ageGroup: 'Age group',
      },
    },
  },
  resources: {
    scores: {
      name: 'Result |||| Results',
      page: { list: 'Results' },
      fields: {
        name: 'Learner',
        fluency: 'Fluency',
        flexibility: 'Flexibility',
        originality: 'Originality',
        total: 'Total',
        answers: 'Answers',
        test_date: 'Test date',
        confirmed: 'Confirmation',
        exam_type: 'Test',
        challenge: 'Challenge',
        group_id: 'Group',
      },
    },
  },
} satisfies MessageTree;
