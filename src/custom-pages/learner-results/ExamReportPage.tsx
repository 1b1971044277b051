import { useEffect, useState } from 'react';
import { Alert, Card, CardContent, MenuItem, Stack, TextField } from '@mui/material';
import { Loading, Title, useGetList, useTranslate } from 'react-admin';
import { groupLabel } from '../../../domain/schools';
import { reportMethods, type ExportGroup } from '../../dataProvider/reports';
import { type CohortFilter, type CohortReport, learnerResultMethods } from '../../dataProvider/learnerResults';
import { errorText } from '../reports/errors';
import { AGE_GROUPS, CHALLENGES, CHILD_GENDERS, EXAM_TYPES } from './choices';
import { CohortReportView } from './CohortReportView';
import { useCan } from '../../useCan';

type Field = keyof CohortFilter;
/** The form's values: '' means "not filtered". */
type Values = Record<Field, string>;
const EMPTY: Values = {
  exam_type: '1',
  challenge: '',
  region_id: '',
  school_id: '',
  group_id: '',
  gender: '',
  age_group: '',
  from: '',
  to: '',
};
const NUMBERS: Field[] = ['exam_type', 'challenge', 'region_id', 'school_id', 'group_id', 'gender', 'age_group'];

const toFilter = (v: Values): CohortFilter =>
  Object.fromEntries(
    Object.entries(v)
      .filter(([, x]) => x !== '')
      .map(([k, x]) => [k, NUMBERS.includes(k as Field) ? Number(x) : x]),
  ) as unknown as CohortFilter;

/** The server's validation keys by field (400). */
const fieldErrors = (e: unknown): Record<string, string> | undefined =>
  (e as { body?: { errors?: Record<string, string> } } | null)?.body?.errors;

/**
 * /exam/report (admin_neomi) — the programme-wide cohort report of POST
 * /exam/report, filtered by test, challenge, region, school, group, gender,
 * age group and test dates, broken down one level below the filter.
 */
const ExamReportPage = () => {
  const translate = useTranslate();
  const seesRegions = useCan('platform.manage');
  const [values, setValues] = useState<Values>(EMPTY);
  const [report, setReport] = useState<CohortReport | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [groups, setGroups] = useState<ExportGroup[]>([]);
  const { data: regions = [] } = useGetList(
    'regions',
    { pagination: { page: 1, perPage: 100 }, sort: { field: 'name', order: 'ASC' } },
    { enabled: seesRegions },
  );
  const { data: schools = [] } = useGetList('schools', {
    pagination: { page: 1, perPage: 100 },
    sort: { field: 'name', order: 'ASC' },
    filter: values.region_id ? { region_id: Number(values.region_id) } : {},
  });
  useEffect(() => {
    reportMethods
      .exportGroups()
      .then((r) => setGroups(r.groups))
      .catch(() => setGroups([]));
  }, []);
  useEffect(() => {
    let current = true;
    setError(null);
    learnerResultMethods
      .cohortReport(toFilter(values))
      .then((r) => {
        if (!current) return;
        setErrors({});
        setReport(r);
      })
      .catch((e: unknown) => {
        if (!current) return;
        const onFields = fieldErrors(e);
        if (onFields) setErrors(onFields);
        else setError(errorText(e));
      });
    return () => {
      current = false;
    };
  }, [values]);

  /** A wider choice clears the narrower ones under it. */
  const set = (field: Field) => (event: { target: { value: string } }) => {
    const value = event.target.value;
    setValues((v) => ({
      ...v,
      [field]: value,
      ...(field === 'region_id' ? { school_id: '', group_id: '' } : {}),
      ...(field === 'school_id' ? { group_id: '' } : {}),
    }));
  };
  const any = <MenuItem value="">{translate('app.score.cohort.any')}</MenuItem>;
  const select = (field: Field, label: string, options: { id: number | string; name: string }[], withAny = true) => (
    <TextField
      select
      size="small"
      fullWidth={false}
      label={label}
      value={values[field]}
      onChange={set(field)}
      sx={{ minWidth: 170 }}
      name={field}
      error={!!errors[field]}
      helperText={errors[field] ? translate(errors[field]) : undefined}
    >
      {withAny && any}
      {options.map((o) => (
        <MenuItem key={o.id} value={String(o.id)}>
          {o.name}
        </MenuItem>
      ))}
    </TextField>
  );
  const date = (field: 'from' | 'to') => (
    <TextField
      type="date"
      size="small"
      fullWidth={false}
      sx={{ width: 190 }}
      label={translate(`app.score.cohort.${field}`)}
      value={values[field]}
      onChange={set(field)}
      name={field}
      slotProps={{ inputLabel: { shrink: true } }}
      error={!!errors[field]}
      helperText={errors[field] ? translate(errors[field]) : undefined}
    />
  );
  const codes = (list: readonly { id: number; labelKey: string }[]) =>
    list.map((c) => ({ id: c.id, name: translate(c.labelKey) }));
  const shownGroups = groups.filter((g) => !values.school_id || g.school_id === Number(values.school_id));
  return (
    <Stack spacing={2} sx={{ mt: 2 }}>
      <Title title={translate('app.menu.examReport')} />
      <Card>
        <CardContent>
          <Stack
            direction="row"
            spacing={2}
            useFlexGap
            sx={{ flexWrap: 'wrap', alignItems: 'flex-start' }}
            data-testid="cohort-filters"
          >
            {select('exam_type', translate('app.reports.ui.test'), codes(EXAM_TYPES), false)}
            {select('challenge', translate('app.reports.ui.challenge'), codes(CHALLENGES))}
            {seesRegions &&
              select(
                'region_id',
                translate('app.score.cohort.level.region'),
                regions.map((r) => ({ id: r.id as number, name: String(r.name) })),
              )}
            {select(
              'school_id',
              translate('app.score.cohort.level.school'),
              schools.map((s) => ({ id: s.id as number, name: String(s.name) })),
            )}
            {select(
              'group_id',
              translate('app.score.cohort.level.group'),
              shownGroups.map((g) => ({ id: g.id, name: groupLabel(g) })),
            )}
            {select('gender', translate('app.score.cohort.gender'), codes(CHILD_GENDERS))}
            {select('age_group', translate('app.score.cohort.ageGroup'), codes(AGE_GROUPS))}
            {date('from')}
            {date('to')}
          </Stack>
        </CardContent>
      </Card>
      {error && <Alert severity="error">{translate(error)}</Alert>}
      {!error && !report && <Loading />}
      {report && <CohortReportView report={report} />}
    </Stack>
  );
};

export default ExamReportPage;
