import {
  Alert,
  Box,
  Card,
  CardContent,
  CardHeader,
  Chip,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import type { Degree } from '../../../domain/reports';
import type { StudentReport } from '../../dataProvider/reports';
import { PhoneCardList } from '../../components/PhoneCardList';
import { PhoneOrWide } from '../../components/RowsOrCards';
import { formatDay } from '../../../domain/format';
import { DotList } from '../../components/DotList';
import { useSignInEnv } from '../../signin/env';
import { GroupedBarChart } from './GroupedBarChart';

const DEGREE_COLOR: Record<Degree, 'success' | 'info' | 'warning'> = {
  above: 'success',
  average: 'info',
  below: 'warning',
};

/** The label 'student degree (above/below/average)'. */
export const DegreeChip = ({ degree }: { degree: Degree }) => {
  const { translate } = useSignInEnv();
  return (
    <Chip
      size="small"
      color={DEGREE_COLOR[degree]}
      label={translate(`app.reports.degree.${degree}`)}
      data-degree={degree}
    />
  );
};

/**
 * "(average 4.5)" after a score: isolated, so that its brackets and number keep their order beside the score in
 * either direction, and on one line (docs/PRODUCT.md §2 "Phones").
 */
const AverageNote = ({ n }: { n: number | string | null }) => {
  const { translate } = useSignInEnv();
  return (
    <Typography component="span" variant="caption" color="text.secondary" sx={{ whiteSpace: 'nowrap' }}>
      <bdi>({translate('app.reports.ui.averageShort', { n: n ?? '—' })})</bdi>
    </Typography>
  );
};

/** The cards' titles are the page's second-level headings (the page's title the first, a phone card's the third). */
const SECTION_TITLE = { title: { component: 'h2' } } as const;

const formatDate = (iso: string | null, locale: string) => (iso ? formatDay(iso, locale, { dateStyle: 'long' }) : '—');

/**
 * A learner's report (the page /report/:stu_id/:exam_type and the guest's
 * report): name, age, gender, test date and type; each dimension against the
 * average of every taker of the test, with the label and the percentile. Without react-admin (a guest's report is a
 * page of the light app, src/signin/LightApp.tsx): its texts and language from the page's environment (signin/env.ts;
 * inside react-admin, login/adminEnv.tsx InReactAdmin).
 */
export const ReportView = ({ report }: { report: StudentReport }) => {
  const { translate, locale } = useSignInEnv();
  const measureName = (m: string) => translate(`app.reports.measure.${m}`);
  const dimensions = report.measures.filter((m) => m.measure !== 'total');
  const total = report.measures.find((m) => m.measure === 'total');
  const byChallenge = ['fluency', 'flexibility', 'originality', 'total'] as const;
  return (
    <Stack spacing={2} sx={{ mt: 2 }} data-testid="student-report">
      <Card>
        <CardHeader
          slotProps={SECTION_TITLE}
          title={report.student.name}
          subheader={
            <DotList
              parts={[
                report.student.age !== null
                  ? translate('app.reports.ui.age', { smart_count: report.student.age })
                  : null,
                report.student.gender
                  ? translate(report.student.gender === 1 ? 'app.codes.gender.boy' : 'app.codes.gender.girl')
                  : null,
                `${translate('app.reports.ui.testDate')}: ${formatDate(report.test_date, locale)}`,
                translate(report.exam_type === 1 ? 'app.codes.examType.pre' : 'app.codes.examType.post'),
              ]}
            />
          }
        />
        {report.status !== 'scored' && (
          <CardContent>
            <Alert severity="info">
              {translate(report.status === 'not_taken' ? 'app.reports.ui.notTaken' : 'app.reports.ui.notScored')}
            </Alert>
          </CardContent>
        )}
        {report.status === 'scored' && total && (
          <CardContent>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
              <Typography variant="subtitle1" component="span">
                {translate('app.reports.ui.studentDegree')}:
              </Typography>
              <DegreeChip degree={total.degree} />
              <Typography variant="body2" data-testid="percentile">
                {translate('app.reports.ui.percentile', { n: total.percentile ?? '—' })}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                {translate('app.reports.ui.takers', { smart_count: report.takers })}
              </Typography>
            </Stack>
          </CardContent>
        )}
      </Card>
      {report.status === 'scored' && (
        <>
          <Card>
            <CardHeader slotProps={SECTION_TITLE} title={translate('app.reports.ui.againstAverage')} />
            <CardContent>
              <GroupedBarChart
                locale={locale}
                label={translate('app.reports.ui.againstAverage')}
                data={dimensions.map((m) => ({ name: measureName(m.measure), score: m.score, mean: m.mean }))}
                bars={[
                  { key: 'score', name: report.student.name, color: '#1976d2' },
                  { key: 'mean', name: translate('app.reports.ui.average'), color: '#757575' },
                ]}
              />
              <PhoneOrWide
                phone={
                  <Box sx={{ mt: 2, mb: 1 }}>
                    <PhoneCardList
                      label={translate('app.reports.ui.againstAverage')}
                      cards={report.measures.map((m) => ({
                        key: m.measure,
                        title: measureName(m.measure),
                        fields: [
                          [translate('app.reports.ui.score'), m.score],
                          [translate('app.reports.ui.average'), m.mean ?? '—'],
                          [translate('app.reports.ui.studentDegree'), <DegreeChip degree={m.degree} />],
                          [translate('app.reports.ui.percentileColumn'), m.percentile ?? '—'],
                        ],
                      }))}
                    />
                  </Box>
                }
                wide={
                  <Table size="small" sx={{ mt: 2 }}>
                    <TableHead>
                      <TableRow>
                        <TableCell>{translate('app.reports.ui.dimension')}</TableCell>
                        <TableCell align="right">{translate('app.reports.ui.score')}</TableCell>
                        <TableCell align="right">{translate('app.reports.ui.average')}</TableCell>
                        <TableCell>{translate('app.reports.ui.studentDegree')}</TableCell>
                        <TableCell align="right">{translate('app.reports.ui.percentileColumn')}</TableCell>
                      </TableRow>
                    </TableHead>
                    <TableBody>
                      {report.measures.map((m) => (
                        <TableRow key={m.measure} data-measure={m.measure}>
                          <TableCell>{measureName(m.measure)}</TableCell>
                          <TableCell align="right">{m.score}</TableCell>
                          <TableCell align="right">{m.mean ?? '—'}</TableCell>
                          <TableCell>
                            <DegreeChip degree={m.degree} />
                          </TableCell>
                          <TableCell align="right">{m.percentile ?? '—'}</TableCell>
                        </TableRow>
                      ))}
                    </TableBody>
                  </Table>
                }
              />
              <Typography variant="caption" color="text.secondary">
                {translate('app.reports.ui.degreeRule')}
              </Typography>
            </CardContent>
          </Card>
          {report.challenges.length > 0 && (
            <Card>
              <CardHeader slotProps={SECTION_TITLE} title={translate('app.reports.ui.byChallenge')} />
              <CardContent>
                <PhoneOrWide
                  phone={
                    <PhoneCardList
                      label={translate('app.reports.ui.byChallenge')}
                      cards={report.challenges.map((c) => ({
                        key: c.challenge,
                        title: translate(`app.codes.challenge.c${c.challenge}`),
                        fields: byChallenge.map((m) => [
                          measureName(m),
                          <>
                            {c[m]} <AverageNote n={c.average[m]} />
                          </>,
                        ]),
                      }))}
                    />
                  }
                  wide={
                    <Table size="small">
                      <TableHead>
                        <TableRow>
                          <TableCell>{translate('app.reports.ui.challenge')}</TableCell>
                          {byChallenge.map((m) => (
                            <TableCell key={m} align="right">
                              {measureName(m)}
                            </TableCell>
                          ))}
                        </TableRow>
                      </TableHead>
                      <TableBody>
                        {report.challenges.map((c) => (
                          <TableRow key={c.challenge}>
                            <TableCell>{translate(`app.codes.challenge.c${c.challenge}`)}</TableCell>
                            {byChallenge.map((m) => (
                              <TableCell key={m} align="right">
                                {c[m]} <AverageNote n={c.average[m]} />
                              </TableCell>
                            ))}
                          </TableRow>
                        ))}
                      </TableBody>
                    </Table>
                  }
                />
              </CardContent>
            </Card>
          )}
        </>
      )}
    </Stack>
  );
};
