import { useEffect, useState } from 'react';
import {
  Alert,
  Card,
  CardContent,
  CardHeader,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { Loading, useLocaleState, useTranslate } from 'react-admin';
import { MEASURES } from '../../../domain/reports';
import { reportMethods, type Change, type PrePost } from '../../dataProvider/reports';
import { errorText } from './errors';
import { GroupedBarChart } from './GroupedBarChart';

const ChangeTable = ({ rows }: { rows: { key: string; name: string; n: number; measures: Change[] }[] }) => {
  const translate = useTranslate();
  return (
    <Table size="small">
      <TableHead>
        <TableRow>
          <TableCell>{translate('app.reports.ui.group')}</TableCell>
          <TableCell align="right">{translate('app.reports.ui.pairs')}</TableCell>
          {MEASURES.map((m) => (
            <TableCell key={m} align="right">
              {translate(`app.reports.measure.${m}`)}
            </TableCell>
          ))}
        </TableRow>
      </TableHead>
      <TableBody>
        {rows.map((g) => (
          <TableRow key={g.key} data-testid={`change-${g.key}`}>
            <TableCell>{g.name}</TableCell>
            <TableCell align="right">{g.n}</TableCell>
            {g.measures.map((c) => (
              <TableCell key={c.measure} align="right">
                <bdi>{c.mean_change === null ? '—' : `${c.mean_change > 0 ? '+' : ''}${c.mean_change}`}</bdi>
                <Typography component="div" variant="caption" color="text.secondary">
                  {c.effect_size === null
                    ? translate('app.reports.ui.noEffectSize')
                    : `d = ${c.effect_size} (${translate(`app.reports.effect.${c.band}`)})`}
                </Typography>
              </TableCell>
            ))}
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
};

/** Pre → post: each dimension's mean before and after, and per group the mean change with Cohen's d for paired scores. */
export const PrePostSection = () => {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const [data, setData] = useState<PrePost | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    reportMethods
      .prePost({ limit: 100, order_by: 'total_change', order_direction: 'desc' })
      .then(setData)
      .catch((e: unknown) => setError(errorText(e)));
  }, []);
  if (error) return <Alert severity="error">{translate(error)}</Alert>;
  if (!data) return <Loading />;
  return (
    <Card data-testid="pre-post">
      <CardHeader
        title={translate('app.reports.ui.prePost')}
        subheader={translate('app.reports.ui.pairsCount', { smart_count: data.overall.n })}
      />
      <CardContent>
        {data.overall.n === 0 ? (
          <Alert severity="info">{translate('app.reports.ui.noPairs')}</Alert>
        ) : (
          <>
            <GroupedBarChart
              locale={locale}
              label={translate('app.reports.ui.prePost')}
              data={data.overall.measures
                .filter((m) => m.measure !== 'total')
                .map((m) => ({
                  name: translate(`app.reports.measure.${m.measure}`),
                  pre: m.pre_mean,
                  post: m.post_mean,
                }))}
              bars={[
                { key: 'pre', name: translate('app.codes.examType.pre'), color: '#757575' },
                { key: 'post', name: translate('app.codes.examType.post'), color: '#2e7d32' },
              ]}
            />
            <ChangeTable
              rows={[
                {
                  key: 'all',
                  name: translate('app.reports.ui.allLearners'),
                  n: data.overall.n,
                  measures: data.overall.measures,
                },
                ...data.groups.map((g) => ({ key: String(g.id), name: g.name, n: g.n, measures: g.measures })),
              ]}
            />
            <Typography variant="caption" color="text.secondary">
              {translate('app.reports.ui.effectRule')}
            </Typography>
            <Table size="small" sx={{ mt: 2 }}>
              <TableHead>
                <TableRow>
                  <TableCell>{translate('app.reports.ui.learner')}</TableCell>
                  {MEASURES.map((m) => (
                    <TableCell key={m} align="right">
                      {translate(`app.reports.measure.${m}`)}
                    </TableCell>
                  ))}
                </TableRow>
              </TableHead>
              <TableBody>
                {data.students.map((s) => (
                  <TableRow key={s.student_id}>
                    <TableCell>{s.name}</TableCell>
                    {s.measures.map((m) => (
                      <TableCell key={m.measure} align="right">
                        <bdi>
                          {m.pre} → {m.post} ({m.change > 0 ? '+' : ''}
                          {m.change})
                        </bdi>
                      </TableCell>
                    ))}
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </>
        )}
      </CardContent>
    </Card>
  );
};
