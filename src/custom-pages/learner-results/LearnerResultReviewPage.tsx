import { useCallback, useEffect, useState } from 'react';
import {
  Alert,
  Button,
  Card,
  CardContent,
  CardHeader,
  Grid,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  ToggleButton,
  ToggleButtonGroup,
  Typography,
} from '@mui/material';
import AssessmentOutlined from '@mui/icons-material/AssessmentOutlined';
import SendOutlined from '@mui/icons-material/SendOutlined';
import TaskAltOutlined from '@mui/icons-material/TaskAltOutlined';
import { Loading, Title, useLocaleState, useNotify, useTranslate } from 'react-admin';
import { Link as RouterLink, useNavigate, useParams } from 'react-router-dom';
import { CountCard } from '../../components/CountCard';
import { reportMethods } from '../../dataProvider/reports';
import {
  type Confirmation,
  type LearnerScores,
  type ScoredQuestion,
  learnerResultMethods,
} from '../../dataProvider/learnerResults';
import { errorText } from '../reports/errors';
import { examTypeKey } from './choices';
import { useCan } from '../../useCan';
import { formatDateTime } from '../../../domain/format';

const MEASURES = ['fluency', 'flexibility', 'originality', 'total'] as const;

const dateTime = (iso: string, locale: string) =>
  formatDateTime(iso, locale, { dateStyle: 'medium', timeStyle: 'short' });

/** Confirmed (by whom, when), confirmed but changed since by a rescore, or not confirmed. */
export const ConfirmationState = ({ confirmation }: { confirmation: Confirmation | null }) => {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  if (!confirmation)
    return (
      <Alert severity="info" data-testid="confirmation" data-state="none">
        {translate('app.score.review.notConfirmed')}
      </Alert>
    );
  const who = { by: confirmation.confirmed_by ?? '—', at: dateTime(confirmation.confirmed_at, locale) };
  return confirmation.outdated ? (
    <Alert severity="warning" data-testid="confirmation" data-state="outdated">
      {translate('app.score.review.outdated', who)}
    </Alert>
  ) : (
    <Alert severity="success" data-testid="confirmation" data-state="confirmed">
      {translate('app.score.review.confirmedBy', who)}
    </Alert>
  );
};

const QuestionCard = ({ question }: { question: ScoredQuestion }) => {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const text = question.text[locale] || question.text.ar || question.text.en || Object.values(question.text)[0] || '';
  return (
    <Card component="section" aria-label={text} data-testid={`question-${question.question_id}`}>
      <CardHeader
        title={text}
        subheader={[
          translate(`app.codes.challenge.c${question.challenge}`),
          ...(['fluency', 'flexibility', 'originality'] as const).map(
            (m) => `${translate(`app.reports.measure.${m}`)} ${question[m]}`,
          ),
          translate('app.score.review.perAnswer', { n: question.originality_per_answer }),
          translate('app.reports.ui.takers', { smart_count: question.takers }),
        ].join(' · ')}
      />
      <CardContent sx={{ pt: 0 }}>
        {question.answers.length === 0 ? (
          <Typography color="text.secondary">{translate('app.reports.ui.noAnswers')}</Typography>
        ) : (
          <Table size="small">
            <TableHead>
              <TableRow>
                {(['answer', 'status', 'category', 'subcategory', 'points'] as const).map((c) => (
                  <TableCell key={c} align={c === 'points' ? 'right' : undefined}>
                    {translate(`app.score.review.${c}`)}
                  </TableCell>
                ))}
              </TableRow>
            </TableHead>
            <TableBody>
              {question.answers.map((a) => (
                <TableRow key={a.id} data-status={a.status ?? 'unscored'}>
                  <TableCell>
                    <bdi>{a.answer}</bdi>
                  </TableCell>
                  <TableCell>{translate(`app.reports.answerStatus.${a.status ?? 'unscored'}`)}</TableCell>
                  <TableCell>
                    {a.category ?? (a.status === 'relevant' ? translate('app.reports.ui.unmatched') : '—')}
                  </TableCell>
                  <TableCell>{a.subcategory ?? '—'}</TableCell>
                  <TableCell align="right">{a.points ?? '—'}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </CardContent>
    </Card>
  );
};

/**
 * /score/review/:exam_type/:id — one learner's scores in one test
 * (POST /answers/get/user/exam/score): the totals, each question with what
 * the engine made of each answer, the confirmation (POST /confirm/score,
 * admin_neomi), sending the report to the family (POST /report) and the
 * learner's report.
 */
const LearnerResultReviewPage = () => {
  const translate = useTranslate();
  const notify = useNotify();
  const navigate = useNavigate();
  const canConfirm = useCan('scores.confirm');
  const { exam_type: examTypeParam = '1', id = '' } = useParams();
  const examType = Number(examTypeParam) === 2 ? 2 : 1;
  const [scores, setScores] = useState<LearnerScores | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const load = useCallback(() => {
    setError(null);
    return learnerResultMethods
      .learnerScores(id, examType)
      .then(setScores)
      .catch((e: unknown) => setError(errorText(e)));
  }, [id, examType]);
  useEffect(() => {
    setScores(null);
    void load();
  }, [load]);

  const act = async (action: () => Promise<{ key?: string }>) => {
    setBusy(true);
    try {
      const answer = await action();
      notify(answer.key ?? 'ra.notification.updated', { type: 'success' });
      await load();
    } catch (e) {
      notify(errorText(e), { type: 'error' });
    } finally {
      setBusy(false);
    }
  };

  const test = scores?.tests.find((t) => t.exam_type === examType);
  return (
    <Stack spacing={2} sx={{ mt: 2 }} data-testid="score-review">
      <Title title={translate('app.score.review.title')} />
      {error && <Alert severity="error">{translate(error)}</Alert>}
      {!error && !scores && <Loading />}
      {scores && (
        <>
          <Card>
            <CardHeader title={scores.student.name} subheader={translate(examTypeKey(examType))} />
            <CardContent sx={{ pt: 0 }}>
              <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
                <ToggleButtonGroup
                  exclusive
                  size="small"
                  value={String(examType)}
                  onChange={(_, v: string | null) => v && navigate(`/score/review/${v}/${id}`)}
                >
                  <ToggleButton value="1">{translate('app.codes.examType.pre')}</ToggleButton>
                  <ToggleButton value="2">{translate('app.codes.examType.post')}</ToggleButton>
                </ToggleButtonGroup>
                {canConfirm && test && (
                  <Button
                    variant="contained"
                    startIcon={<TaskAltOutlined />}
                    disabled={busy || (!!test.confirmation && !test.confirmation.outdated)}
                    onClick={() => act(() => learnerResultMethods.confirmScore(scores.student.id, examType))}
                  >
                    {translate('app.score.review.confirm')}
                  </Button>
                )}
                <Button
                  startIcon={<SendOutlined />}
                  disabled={busy}
                  onClick={() => act(() => reportMethods.sendExamReport(scores.student.id, examType))}
                >
                  {translate('app.score.review.sendReport')}
                </Button>
                <Button
                  startIcon={<AssessmentOutlined />}
                  component={RouterLink}
                  to={`/report/${scores.student.id}/${examType}`}
                >
                  {translate('app.score.review.openReport')}
                </Button>
              </Stack>
            </CardContent>
          </Card>
          {!test ? (
            <Alert severity="info">{translate('app.reports.ui.notScored')}</Alert>
          ) : (
            <>
              <ConfirmationState confirmation={test.confirmation} />
              <Grid container spacing={2} data-testid="score-totals">
                {MEASURES.map((m) => (
                  <Grid key={m} size={{ xs: 6, md: 3 }} data-measure={m}>
                    <CountCard label={translate(`app.reports.measure.${m}`)} value={test[m]} />
                  </Grid>
                ))}
              </Grid>
              {test.questions.map((q) => (
                <QuestionCard key={q.question_id} question={q} />
              ))}
            </>
          )}
        </>
      )}
    </Stack>
  );
};

export default LearnerResultReviewPage;
