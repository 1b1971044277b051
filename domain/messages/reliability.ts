/** Messages of the reliability report (app.reliability.*): docs/api/marking.md "Marker reliability". */
export const RELIABILITY_MESSAGES = {
  'app.reliability.cohortInvalid': 'Choose a cohort from the list (exam type, challenge and academic year)',
} as const;
