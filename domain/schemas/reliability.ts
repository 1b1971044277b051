import { z } from 'zod';
import { EXAM_LANGUAGES } from '../exams';
import { COHORT_ID } from '../reliability/cohorts';

/** Inputs and answers of the reliability calls (docs/api/marking.md "Marker reliability", docs/RELIABILITY.md). */

/** A cohort id: `<exam type>-<challenge>-<academic year>` (domain/reliability/cohorts.ts). */
const cohort = () =>
  z
    .string({ error: 'app.reliability.cohortInvalid' })
    .trim()
    .regex(COHORT_ID, { error: 'app.reliability.cohortInvalid' });

/** GET /marking/reliability?cohort=… */
export const reliabilityQuerySchema = z.object({ cohort: cohort() });

/** GET /marking/reliability/export?cohort=…&locale=… */
export const reliabilityExportSchema = z.object({
  cohort: cohort(),
  locale: z.preprocess(
    (v) => (v === '' || v === null ? undefined : v),
    z.enum(EXAM_LANGUAGES, { error: 'app.validation.invalidChoice' }).optional(),
  ),
});

export const reliabilityCohortOut = z.object({
  id: z.string(),
  exam_type: z.number(),
  challenge: z.number(),
  year: z.number(),
  /** 2026/27 */
  label: z.string(),
  double_marked: z.number(),
});

const interval = z.object({ value: z.number(), lower: z.number(), upper: z.number() });
const kappaOut = interval.extend({ se: z.number() });

export const criterionReliabilityOut = z.object({
  key: z.string(),
  max: z.number(),
  tests: z.number(),
  drawings: z.number(),
  exact: z.number().nullable(),
  icc: interval.nullable(),
  kappa_quadratic: kappaOut.nullable(),
  kappa_linear: kappaOut.nullable(),
});

export const markerDeviationOut = z.object({
  marker_id: z.number(),
  name: z.string(),
  tests: z.number(),
  criteria: z.array(
    z.object({
      key: z.string(),
      drawings: z.number(),
      mean_deviation: z.number().nullable(),
      mean_absolute_deviation: z.number().nullable(),
      threshold: z.number(),
      flagged: z.boolean(),
    }),
  ),
  flagged: z.boolean(),
});

export const reliabilityReportOut = z.object({
  cohort: reliabilityCohortOut,
  double_marked: z.number(),
  /** the drift rule's constants (domain/reliability/drift.ts) */
  drift: z.object({ min_tests: z.number(), share: z.number() }),
  criteria: z.array(criterionReliabilityOut),
  markers: z.array(markerDeviationOut),
});
