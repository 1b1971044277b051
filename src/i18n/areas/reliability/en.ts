import type { MessageTree } from '../../app/nest';

/**
 * Marker reliability (/marking-admin/reliability, docs/RELIABILITY.md). The English of the server's message
 * app.reliability.cohortInvalid comes from domain/messages/reliability.ts.
 */
export default {
  app: {
    reliability: {
      title: 'Marker reliability',
      open: 'Marker reliability',
      help: 'How closely the markers agree on the tests marked twice, criterion by criterion, and how far each marker leans from the others. The figures use the tests of the chosen cohort whose first two markings are both finished.',
      cohort: 'Cohort',
      cohortOption: '%{test} · %{year} · %{count}',
      doubleMarked: '%{smart_count} test marked twice |||| %{smart_count} tests marked twice',
      summary: '%{tests} · %{drawings} drawings compared',
      download: 'Download the spreadsheet',
      none: 'No test has been marked twice yet. On the marking allocation page, allocate finished tests to a second marker.',
      back: 'Marking allocation',
      reading:
        'ICC and weighted kappa run up to 1 (perfect agreement); 0 means no better than chance. Above 0.75 is good, 0.5 to 0.75 moderate, below 0.5 poor. The brackets give the 95% confidence interval: the fewer the drawings, the wider it is.',
      criteria: {
        originality: 'Originality',
        elaboration: 'Elaboration',
        closure: 'Resistance to closure',
        title: 'Title',
        total: 'Drawing total',
      },
      agreementTable: 'Agreement per criterion',
      criterion: 'Criterion',
      drawings: 'Drawings',
      exact: 'Scored alike',
      icc: 'ICC(2,1)',
      kappaQuadratic: 'Weighted kappa (quadratic)',
      kappaLinear: 'Weighted kappa (linear)',
      interval: '%{value} [%{lower} to %{upper}]',
      notDefined: 'Not defined',
      notDefinedHelp: 'Not defined: the scores did not vary, or too few drawings',
      agreementChart: 'ICC and quadratic kappa per criterion, with 95% intervals',
      iccSeries: 'ICC(2,1)',
      kappaSeries: 'Quadratic kappa',
      markersTable: 'Markers against the consensus',
      marker: 'Marker',
      tests: 'Tests',
      meanDeviation: 'Mean deviation',
      status: 'Status',
      drifts: 'Drifts',
      steady: 'Within range',
      tooFew: 'Too few tests to judge',
      driftsOn: 'Drifts on: %{criteria}',
      driftRule:
        'The consensus for a marking is the mean of the other markings of the same drawing. A positive deviation means more generous than the other markers, a negative one stricter. A marker drifts on a criterion when, over at least %{min} tests marked twice, the mean deviation is more than %{share}% of the criterion’s range.',
      deviationChart: 'Mean deviation from the consensus: %{criterion}',
      deviationSeries: 'Mean deviation',
      threshold: 'Drift threshold ±%{value}',
      chartCriterion: 'Criterion of the chart',
    },
  },
} satisfies MessageTree;
