import { useEffect, useState } from 'react';
import {
  Card,
  CardContent,
  CardHeader,
  LinearProgress,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { Loading, Title, useTranslate } from 'react-admin';
import { examMethods, type ExamStat } from '../../dataProvider/exams';

/** /neomi-exams-two — how far the learners in scope are in each test (GET /exam/stats). */
const NeomiAnalyticsPage = () => {
  const translate = useTranslate();
  const [data, setData] = useState<{ stats: ExamStat[]; learners: number } | null>(null);
  useEffect(() => {
    examMethods
      .examStats()
      .then(setData)
      .catch(() => setData({ stats: [], learners: 0 }));
  }, []);
  if (!data) return <Loading />;
  const row = (t: number, c: number) =>
    data.stats.find((s) => s.exam_type === t && s.challenge === c) ?? {
      started: 0,
      open: 0,
      finished: 0,
      time_over: 0,
      stages: [0, 0, 0],
    };
  return (
    <Card sx={{ mt: 2 }}>
      <Title title={translate('app.exams.ui.analyticsTitle')} />
      <CardHeader
        title={translate('app.exams.ui.analyticsTitle')}
        subheader={translate('app.exams.ui.learnersCount', { smart_count: data.learners })}
      />
      <CardContent>
        <Table size="small">
          <TableHead>
            <TableRow>
              <TableCell>{translate('app.exams.ui.test')}</TableCell>
              <TableCell align="right">{translate('app.exams.ui.started')}</TableCell>
              <TableCell align="right">{translate('app.exams.status.open')}</TableCell>
              <TableCell align="right">{translate('app.exams.status.time_over')}</TableCell>
              <TableCell align="right">{translate('app.exams.status.finished')}</TableCell>
              <TableCell sx={{ minWidth: 160 }}>{translate('app.exams.ui.completion')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {[1, 2].flatMap((t) =>
              [1, 2, 3].map((c) => {
                const s = row(t, c);
                const share = data.learners ? Math.round((100 * s.finished) / data.learners) : 0;
                return (
                  <TableRow key={`${t}-${c}`}>
                    <TableCell>
                      {translate(t === 1 ? 'app.codes.examType.pre' : 'app.codes.examType.post')} ·{' '}
                      {translate(`app.codes.challenge.c${c}`)}
                    </TableCell>
                    <TableCell align="right">{s.started}</TableCell>
                    <TableCell align="right">{s.open}</TableCell>
                    <TableCell align="right">{s.time_over}</TableCell>
                    <TableCell align="right">{s.finished}</TableCell>
                    <TableCell>
                      <LinearProgress variant="determinate" value={share} aria-label={`${share}%`} />
                      <Typography variant="caption">
                        <bdi>{share}%</bdi>
                      </Typography>
                    </TableCell>
                  </TableRow>
                );
              }),
            )}
          </TableBody>
        </Table>
      </CardContent>
    </Card>
  );
};

export default NeomiAnalyticsPage;
