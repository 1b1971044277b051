import { useEffect, useState } from 'react';
import { Alert, Box, Button, Divider, GlobalStyles, Stack, Typography } from '@mui/material';
import PictureAsPdfOutlined from '@mui/icons-material/PictureAsPdfOutlined';
import PrintOutlined from '@mui/icons-material/PrintOutlined';
import { Loading, useLocaleState, useNotify, useTranslate } from 'react-admin';
import { useParams } from 'react-router-dom';
import { useDateOf } from '../../components/useDateOf';
import { reportMethods, type PrintRequest, type PrintedLearner } from '../../dataProvider/reports';
import { saveBlob } from '../../http';
import { errorText } from './errors';
import { DotList } from '../../components/DotList';

/** Print CSS: only the printed tests, one learner a page. */
const PRINT_STYLES = {
  '@media print': {
    'header, nav, .MuiDrawer-root, .MuiAppBar-root, .no-print, .RaSidebar-root': { display: 'none !important' },
    // a page break between learners (not after the last: no blank page at the end)
    '.print-learner + .print-learner': { breakBefore: 'page' },
    // the space kept for the hidden app bar, and the console's tinted background
    '.RaLayout-appFrame': { marginTop: '0 !important' },
    'body, .RaLayout-root, .RaLayout-content': { background: '#fff !important' },
  },
};

const Learner = ({ learner, kind }: { learner: PrintedLearner; kind: 'exam' | 'corrected' }) => {
  const translate = useTranslate();
  const dateOf = useDateOf();
  return (
    <Box className="print-learner" sx={{ py: 2 }} data-testid="print-learner">
      <Typography variant="h6">{learner.name}</Typography>
      <Typography variant="body2" color="text.secondary">
        <DotList
          parts={[
            translate(learner.exam_type === 1 ? 'app.codes.examType.pre' : 'app.codes.examType.post'),
            translate(`app.codes.challenge.c${learner.challenge}`),
            learner.test_date ? dateOf(learner.test_date) : null,
          ]}
        />
      </Typography>
      {kind === 'corrected' && learner.scores && (
        <Typography variant="subtitle2" sx={{ mt: 1 }}>
          {(['fluency', 'flexibility', 'originality', 'total'] as const)
            .map((m) => `${translate(`app.reports.measure.${m}`)} ${learner.scores![m]}`)
            .join(' · ')}
        </Typography>
      )}
      {learner.questions.map((q) => (
        <Box key={q.question_id} sx={{ mt: 1.5 }}>
          <Typography sx={{ fontWeight: 'bold' }}>{q.text}</Typography>
          {q.answers.length === 0 && <Typography variant="body2">— {translate('app.reports.ui.noAnswers')}</Typography>}
          <Box component="ul" sx={{ my: 0.5 }}>
            {q.answers.map((a, i) => (
              <li key={i}>
                {a.answer}
                {kind === 'corrected' && (
                  <Typography component="span" variant="body2" color="text.secondary">
                    {' '}
                    (
                    {a.status === 'relevant'
                      ? `${a.category ?? translate('app.reports.ui.unmatched')}${a.subcategory ? ` / ${a.subcategory}` : ''} · ${translate('app.reports.ui.points', { smart_count: a.points ?? 0 })}`
                      : translate(`app.reports.answerStatus.${a.status ?? 'unscored'}`)}
                    )
                  </Typography>
                )}
              </li>
            ))}
          </Box>
        </Box>
      ))}
      <Divider sx={{ mt: 2 }} />
    </Box>
  );
};

/**
 * The print pages: print-neomi-exam-group/:exam_type/:challenge_no/:group_id,
 * print-neomi-exam-group-all/:exam_type/:group_id, print-neomi-exam/:student_id/:exam_type/:challenge_no?
 * and test-correct-print-neomi-exam/:student_id/:exam_type/:challenge_no? (corrected: categories and points).
 */
const PrintPage = ({ kind }: { kind: 'exam' | 'corrected' }) => {
  const translate = useTranslate();
  const notify = useNotify();
  const [locale] = useLocaleState();
  const params = useParams();
  const [learners, setLearners] = useState<PrintedLearner[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const request: PrintRequest = {
    group_id: params.group_id ? Number(params.group_id) : undefined,
    student_id: params.student_id ? Number(params.student_id) : undefined,
    exam_type: Number(params.exam_type ?? 1),
    challenge_no: params.challenge_no ? Number(params.challenge_no) : undefined,
    kind,
    locale,
  };
  const key = JSON.stringify(request);
  useEffect(() => {
    reportMethods
      .printData(JSON.parse(key) as PrintRequest)
      .then((r) => setLearners(r.learners))
      .catch((e: unknown) => setError(errorText(e)));
  }, [key]);
  if (error)
    return (
      <Alert severity="error" sx={{ mt: 2 }}>
        {translate(error)}
      </Alert>
    );
  if (!learners) return <Loading />;
  const pdf = async () => {
    try {
      saveBlob(
        await reportMethods.printPdf(request),
        kind === 'corrected' ? 'neomi-test-corrected.pdf' : 'neomi-test.pdf',
      );
    } catch (e) {
      notify(errorText(e), { type: 'error' });
    }
  };
  return (
    <Box sx={{ mt: 2 }}>
      <GlobalStyles styles={PRINT_STYLES} />
      <Stack direction="row" spacing={2} className="no-print">
        <Button variant="contained" startIcon={<PrintOutlined />} onClick={() => window.print()}>
          {translate('app.reports.ui.print')}
        </Button>
        <Button startIcon={<PictureAsPdfOutlined />} onClick={pdf}>
          {translate('app.reports.ui.pdf')}
        </Button>
      </Stack>
      <Typography variant="h5" sx={{ mt: 2 }}>
        {translate(kind === 'corrected' ? 'app.reports.ui.printCorrected' : 'app.reports.ui.printTitle')}
      </Typography>
      {learners.length === 0 && (
        <Alert severity="info" sx={{ mt: 2 }}>
          {translate('app.reports.ui.nothingToPrint')}
        </Alert>
      )}
      {learners.map((l) => (
        <Learner key={`${l.student_id}-${l.challenge}`} learner={l} kind={kind} />
      ))}
    </Box>
  );
};

export const PrintExamPage = () => <PrintPage kind="exam" />;
export const PrintCorrectedPage = () => <PrintPage kind="corrected" />;
