import { useEffect, useState, useSyncExternalStore } from 'react';
import { Alert, Button, Stack, ToggleButton, ToggleButtonGroup } from '@mui/material';
import { Loading, useTranslate } from 'react-admin';
import { useLocation, useNavigate, useParams } from 'react-router-dom';
import { PublicShell } from '../../components/PublicShell';
import { usePageData } from '../../pageData';
import { clearDevice } from '../../session';
import { reportMethods, type StudentReport } from '../../dataProvider/reports';
import { errorText } from './errors';
import { ReportView } from './ReportView';

/**
 * /guest-report/:token/:exam_type? — a guest's report, reached by the link given at registration (no sign-in).
 * Opened at the end of the test on a shared device (state `finished`), it offers Finish: the device is
 * cleared again and goes back to the guests' landing page for the next child. Rendered by the API server with the
 * report (server/renderedPages.ts), the page starts from it rather than calling the API again (src/pageData.tsx);
 * its charts draw once the scripts run (recharts measures its box in the browser).
 */
/** The report's answer: the report, or the message key of the API's refusal. */
type GuestReportAnswer = { report?: StudentReport; error?: string };

/** Nothing to subscribe to: `hydrated` below changes once, with the first render after hydration. */
const subscribeNothing = () => () => undefined;

const GuestReportPage = () => {
  const translate = useTranslate();
  const navigate = useNavigate();
  const { token = '', exam_type: examType = '1' } = useParams();
  // false while hydrating: the server's render has no history state, and a reload after the test keeps it
  const hydrated = useSyncExternalStore(
    subscribeNothing,
    () => true,
    () => false,
  );
  const state = useLocation().state as { finished?: boolean } | null;
  const finished = hydrated && state?.finished === true;
  const rendered = usePageData<GuestReportAnswer>('/guest-report/:token/:exam_type?', `${token}/${examType}`);
  const [report, setReport] = useState<StudentReport | null>(rendered?.report ?? null);
  const [error, setError] = useState<string | null>(rendered?.error ?? null);
  useEffect(() => {
    if (rendered) {
      setReport(rendered.report ?? null);
      setError(rendered.error ?? null);
      return;
    }
    setReport(null);
    setError(null);
    reportMethods
      .guestReport(token, examType)
      .then(setReport)
      .catch((e: unknown) => setError(errorText(e)));
  }, [token, examType, rendered]);
  return (
    <PublicShell title={translate('app.reports.ui.title')} wide>
      <Stack direction="row" spacing={2}>
        <ToggleButtonGroup
          exclusive
          size="small"
          value={examType}
          onChange={(_, v: string | null) =>
            v && navigate(`/guest-report/${token}/${v}`, { replace: finished, state: { finished } })
          }
        >
          <ToggleButton value="1">{translate('app.codes.examType.pre')}</ToggleButton>
          <ToggleButton value="2">{translate('app.codes.examType.post')}</ToggleButton>
        </ToggleButtonGroup>
      </Stack>
      {error && (
        <Alert severity="error" sx={{ mt: 2 }}>
          {translate(error)}
        </Alert>
      )}
      {!error && !report && <Loading />}
      {report && <ReportView report={report} />}
      {finished && (
        <Button
          variant="contained"
          size="large"
          fullWidth
          sx={{ mt: 3 }}
          onClick={() => {
            clearDevice();
            navigate('/exam-page', { replace: true });
          }}
        >
          {translate('app.exams.ui.finishGuest')}
        </Button>
      )}
    </PublicShell>
  );
};

export default GuestReportPage;
