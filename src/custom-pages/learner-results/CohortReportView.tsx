import {
  Alert,
  Card,
  CardContent,
  CardHeader,
  Grid,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { useLocaleState, useTranslate } from 'react-admin';
import type { CohortReport } from '../../dataProvider/learnerResults';
import { GroupedBarChart } from '../reports/GroupedBarChart';

const DIMENSIONS = ['fluency', 'flexibility', 'originality'] as const;
const ALL = [...DIMENSIONS, 'total'] as const;
const num = (n: number | null) => (n === null ? '—' : n);

const ChartCard = ({ title, children, testId }: { title: string; children: React.ReactNode; testId?: string }) => (
  <Card component="section" aria-label={title} sx={{ height: '100%' }} data-testid={testId}>
    <CardHeader title={title} titleTypographyProps={{ variant: 'subtitle1', component: 'h2' }} />
    <CardContent sx={{ pt: 0 }}>{children}</CardContent>
  </Card>
);

/**
 * A cohort report (docs/api/reports.md "Cohort report"): the cohort's means
 * against every taker's, the above/average/below labels, the distribution of
 * totals, the means by challenge and one level below the filter.
 */
export const CohortReportView = ({ report }: { report: CohortReport }) => {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const measureName = (m: string) => translate(`app.reports.measure.${m}`);
  const stats = (m: string) => report.measures.find((s) => s.measure === m);
  if (report.takers === 0)
    return (
      <Alert severity="info" data-testid="cohort-empty">
        {translate('app.score.cohort.noTakers')}
      </Alert>
    );
  const level = report.breakdown.level;
  return (
    <Grid container spacing={2} data-testid="cohort-report">
      <Grid size={12}>
        <Typography variant="subtitle1" data-testid="cohort-takers">
          {translate('app.score.cohort.takers', { smart_count: report.takers, all: report.programme_takers })}
        </Typography>
      </Grid>
      <Grid size={{ xs: 12, lg: 6 }}>
        <ChartCard title={translate('app.score.cohort.againstAll')}>
          <GroupedBarChart
            locale={locale}
            label={translate('app.score.cohort.againstAll')}
            data={DIMENSIONS.map((m) => ({
              name: measureName(m),
              mean: stats(m)?.mean ?? null,
              programme: stats(m)?.programme_mean ?? null,
            }))}
            bars={[
              { key: 'mean', name: translate('app.score.cohort.cohortMean'), color: '#1976d2' },
              { key: 'programme', name: translate('app.reports.ui.average'), color: '#757575' },
            ]}
          />
        </ChartCard>
      </Grid>
      <Grid size={{ xs: 12, lg: 6 }}>
        <ChartCard title={translate('app.score.cohort.labels')}>
          <GroupedBarChart
            locale={locale}
            label={translate('app.score.cohort.labels')}
            data={ALL.map((m) => ({
              name: measureName(m),
              above: stats(m)?.above ?? 0,
              average: stats(m)?.average ?? 0,
              below: stats(m)?.below ?? 0,
            }))}
            bars={[
              { key: 'above', name: translate('app.reports.degree.above'), color: '#2e7d32' },
              { key: 'average', name: translate('app.reports.degree.average'), color: '#0288d1' },
              { key: 'below', name: translate('app.reports.degree.below'), color: '#ed6c02' },
            ]}
          />
        </ChartCard>
      </Grid>
      <Grid size={{ xs: 12, lg: report.by_challenge.length > 0 ? 6 : 12 }}>
        <ChartCard title={translate('app.score.cohort.histogram')}>
          <GroupedBarChart
            locale={locale}
            label={translate('app.score.cohort.histogram')}
            data={report.histogram.map((h) => ({ name: String(h.total), count: h.count }))}
            bars={[{ key: 'count', name: translate('app.score.cohort.learners'), color: '#7b1fa2' }]}
          />
        </ChartCard>
      </Grid>
      {report.by_challenge.length > 0 && (
        <Grid size={{ xs: 12, lg: 6 }}>
          <ChartCard title={translate('app.reports.ui.byChallenge')}>
            <GroupedBarChart
              locale={locale}
              label={translate('app.reports.ui.byChallenge')}
              data={report.by_challenge.map((c) => ({
                name: translate(`app.codes.challenge.c${c.challenge}`),
                ...Object.fromEntries(DIMENSIONS.map((m) => [m, c[m]])),
              }))}
              bars={[
                { key: 'fluency', name: measureName('fluency'), color: '#1976d2' },
                { key: 'flexibility', name: measureName('flexibility'), color: '#2e7d32' },
                { key: 'originality', name: measureName('originality'), color: '#ed6c02' },
              ]}
            />
          </ChartCard>
        </Grid>
      )}
      <Grid size={12}>
        <ChartCard title={translate('app.score.cohort.statistics')}>
          <Table size="small" data-testid="cohort-stats">
            <TableHead>
              <TableRow>
                <TableCell>{translate('app.reports.ui.dimension')}</TableCell>
                {(['n', 'mean', 'sd', 'min', 'p25', 'median', 'p75', 'max', 'programme_mean'] as const).map((c) => (
                  <TableCell key={c} align="right">
                    {translate(`app.score.cohort.stat.${c}`)}
                  </TableCell>
                ))}
              </TableRow>
            </TableHead>
            <TableBody>
              {report.measures.map((s) => (
                <TableRow key={s.measure} data-measure={s.measure}>
                  <TableCell>{measureName(s.measure)}</TableCell>
                  {(['n', 'mean', 'sd', 'min', 'p25', 'median', 'p75', 'max', 'programme_mean'] as const).map((c) => (
                    <TableCell key={c} align="right">
                      {num(s[c])}
                    </TableCell>
                  ))}
                </TableRow>
              ))}
            </TableBody>
          </Table>
          <Typography variant="caption" color="text.secondary">
            {translate('app.reports.ui.degreeRule')}
          </Typography>
        </ChartCard>
      </Grid>
      {level && report.breakdown.rows.length > 0 && (
        <Grid size={12}>
          <ChartCard title={translate(`app.score.cohort.by.${level}`)} testId="cohort-breakdown">
            <GroupedBarChart
              locale={locale}
              label={translate(`app.score.cohort.by.${level}`)}
              data={report.breakdown.rows.map((r) => ({ name: r.name, total: r.total }))}
              bars={[{ key: 'total', name: translate('app.score.cohort.totalMean'), color: '#1976d2' }]}
            />
            <Table size="small" sx={{ mt: 2 }}>
              <TableHead>
                <TableRow>
                  <TableCell>{translate(`app.score.cohort.level.${level}`)}</TableCell>
                  <TableCell align="right">{translate('app.score.cohort.learners')}</TableCell>
                  {ALL.map((m) => (
                    <TableCell key={m} align="right">
                      {measureName(m)}
                    </TableCell>
                  ))}
                </TableRow>
              </TableHead>
              <TableBody>
                {report.breakdown.rows.map((r) => (
                  <TableRow key={r.id}>
                    <TableCell>{r.name}</TableCell>
                    <TableCell align="right">{r.takers}</TableCell>
                    {ALL.map((m) => (
                      <TableCell key={m} align="right">
                        {num(r[m])}
                      </TableCell>
                    ))}
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </ChartCard>
        </Grid>
      )}
    </Grid>
  );
};
