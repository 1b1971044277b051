/** Messages of the reports, score calls, exports and prints (docs/api/reports.md). */
export const REPORT_MESSAGES = {
  'app.reports.datesReversed': 'The end date is before the start date',
  'app.reports.notScored': 'This test has not been scored yet',
  'app.reports.scoreConfirmed': 'The score has been confirmed',
  'app.reports.reportSent': 'The report has been sent to the family',
  'app.reports.noFamily': 'This learner has no family account to send the report to',
  'app.reports.wrongReportLink': "The link must be this learner's report",
  'app.reports.answersDeleted': 'The answers have been deleted; their questions will be scored again',
  'app.reports.notWordQuestion': 'This question is not scored with a dictionary',
  'app.reports.platformOnly': 'Only the platform administration can download every taker of a question',
  'app.reports.groupHasNoTakers': 'No learner of this group has taken this test',
} as const;
