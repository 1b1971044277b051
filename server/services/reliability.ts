import {
  academicYearLabel,
  cohortId,
  cohortReliability,
  DRIFT_MIN_TESTS,
  DRIFT_SHARE,
  parseCohortId,
  type CohortRef,
} from '../../domain/reliability';
import { textsIn, type BaseTextKey } from '../../domain/texts';
import type { SheetSpec } from '../adapters/xlsx';
import type { Actor } from '../auth/actor';
import type { Executor } from '../db/client';
import { AppError, notFound } from '../errors';
import { cohortMarkings, reliabilityCohorts } from '../repositories/reliability';
import type { DocumentLocale } from './certificate';

/**
 * Marker reliability (docs/RELIABILITY.md, docs/api/marking.md "Marker reliability"): the cohorts of double-marked
 * tests in the caller's scope, one cohort's report (domain/reliability/report.ts) and the same as a workbook. A cohort
 * with no double-marked test in the caller's scope is not found (404), whether it exists elsewhere or not.
 */

const presentCohort = (c: CohortRef & { tests: number }) => ({
  id: cohortId(c),
  exam_type: c.examType,
  challenge: c.challenge,
  year: c.year,
  label: academicYearLabel(c.year),
  double_marked: c.tests,
});

/** The cohorts with double-marked tests in the actor's scope, newest academic year first. */
export async function listReliabilityCohorts(db: Executor, actor: Actor) {
  return (await reliabilityCohorts(db, actor)).map(presentCohort);
}

/** A cohort's reliability report: per criterion and per marker (404 when the cohort has no double-marked test in scope). */
export async function reliabilityReport(db: Executor, actor: Actor, id: string) {
  const ref = parseCohortId(id);
  if (!ref) throw new AppError(400, 'app.reliability.cohortInvalid', { cohort: 'app.reliability.cohortInvalid' });
  const tests = await cohortMarkings(db, actor, ref);
  const report = cohortReliability(tests);
  if (!report.double_marked) throw notFound();
  return {
    cohort: presentCohort({ ...ref, tests: report.double_marked }),
    drift: { min_tests: DRIFT_MIN_TESTS, share: DRIFT_SHARE },
    ...report,
  };
}

type Report = Awaited<ReturnType<typeof reliabilityReport>>;
type CriterionRow = Report['criteria'][number];
interface MarkerRow {
  name: string;
  tests: number;
  criterion: Report['markers'][number]['criteria'][number];
}

/** Rounds a statistic for a cell (three decimals, as the report prints them); null stays empty. */
const r3 = (x: number | null | undefined) => (x === null || x === undefined ? null : Math.round(x * 1000) / 1000);

/** The two sheets of the reliability workbook, in the document's language: the criteria and the markers. */
export async function reliabilitySheets(
  db: Executor,
  actor: Actor,
  id: string,
  locale: DocumentLocale,
): Promise<{ filename: string; sheets: SheetSpec<unknown>[] }> {
  const report = await reliabilityReport(db, actor, id);
  const t = textsIn(locale);
  const col = (key: string) => t(`reliability.column.${key}` as BaseTextKey);
  const criterion = (key: string) => t(`reliability.criterion.${key}` as BaseTextKey);
  const cohort = t('reliability.cohort', {
    exam_type: t(report.cohort.exam_type === 2 ? 'report.examType.post' : 'report.examType.pre'),
    challenge: report.cohort.challenge,
    year: report.cohort.label,
  });
  const rtl = locale === 'ar';
  const criteria: SheetSpec<CriterionRow> = {
    name: t('reliability.sheet.criteria'),
    rtl,
    rows: [report.criteria],
    columns: [
      { header: col('cohort'), value: () => cohort, width: 30 },
      { header: col('criterion'), value: (r) => criterion(r.key), width: 22 },
      { header: col('tests'), value: (r) => r.tests },
      { header: col('drawings'), value: (r) => r.drawings },
      { header: col('exact'), value: (r) => r3(r.exact) },
      { header: col('icc'), value: (r) => r3(r.icc?.value) },
      { header: col('icc_lower'), value: (r) => r3(r.icc?.lower) },
      { header: col('icc_upper'), value: (r) => r3(r.icc?.upper) },
      { header: col('kappa_quadratic'), value: (r) => r3(r.kappa_quadratic?.value) },
      { header: col('kappa_quadratic_se'), value: (r) => r3(r.kappa_quadratic?.se) },
      { header: col('kappa_quadratic_lower'), value: (r) => r3(r.kappa_quadratic?.lower) },
      { header: col('kappa_quadratic_upper'), value: (r) => r3(r.kappa_quadratic?.upper) },
      { header: col('kappa_linear'), value: (r) => r3(r.kappa_linear?.value) },
      { header: col('kappa_linear_se'), value: (r) => r3(r.kappa_linear?.se) },
      { header: col('kappa_linear_lower'), value: (r) => r3(r.kappa_linear?.lower) },
      { header: col('kappa_linear_upper'), value: (r) => r3(r.kappa_linear?.upper) },
    ],
  };
  const markerRows: MarkerRow[] = report.markers.flatMap((m) =>
    m.criteria.map((c) => ({ name: m.name, tests: m.tests, criterion: c })),
  );
  const markers: SheetSpec<MarkerRow> = {
    name: t('reliability.sheet.markers'),
    rtl,
    rows: [markerRows],
    columns: [
      { header: col('marker'), value: (r) => r.name, width: 24 },
      { header: col('criterion'), value: (r) => criterion(r.criterion.key), width: 22 },
      { header: col('tests'), value: (r) => r.tests },
      { header: col('drawings'), value: (r) => r.criterion.drawings },
      { header: col('mean_deviation'), value: (r) => r3(r.criterion.mean_deviation) },
      { header: col('mean_absolute_deviation'), value: (r) => r3(r.criterion.mean_absolute_deviation) },
      { header: col('threshold'), value: (r) => r3(r.criterion.threshold) },
      { header: col('flagged'), value: (r) => t(r.criterion.flagged ? 'reliability.yes' : 'reliability.no') },
    ],
  };
  return {
    filename: `marker-reliability-${report.cohort.id}.xlsx`,
    sheets: [criteria, markers] as SheetSpec<unknown>[],
  };
}
