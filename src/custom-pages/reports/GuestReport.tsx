import { useEffect, useState } from 'react';
import { Alert, Button, CircularProgress, Stack, ToggleButton, ToggleButtonGroup } from '@mui/material';
import { usePageData } from '../../pageData';
import { useHydrated } from '../../hooks/useHydrated';
import { clearDevice } from '../../session';
import { reportMethods, type StudentReport } from '../../dataProvider/reports';
import { LanguageMenu } from '../../signin/LanguageMenu';
import { PublicFrame } from '../../signin/PublicFrame';
import { useSignInEnv } from '../../signin/env';
import { errorText } from './errors';
import { ReportView } from './ReportView';

/** The report's answer: the report, or the message key of the API's refusal. */
type GuestReportAnswer = { report?: StudentReport; error?: string };

/** Whether the page was opened at the end of the test: the location state `finished`, which a reload keeps. */
export const isFinished = (state: unknown): boolean => (state as { finished?: boolean } | null)?.finished === true;

/**
 * Finish, for the shared device's hand-over: the device cleared, back to the guests' landing page for the next child.
 * Shown once hydrated (the server's render has no history state), by a component of its own: the end of hydration
 * renders it again, not the report (a render of the whole report in one task, ~150 ms on Lighthouse's phone).
 */
const FinishButton = ({ label, finish }: { label: string; finish: () => void }) =>
  useHydrated() ? (
    <Button variant="contained" size="large" fullWidth sx={{ mt: 3 }} onClick={finish}>
      {label}
    </Button>
  ) : null;

/** A spinner while the report comes. */
const Waiting = () => <CircularProgress aria-hidden sx={{ display: 'block', mx: 'auto', my: 2 }} />;

/**
 * A guest's report (/guest-report/:token/:exam_type?), reached by the link given at registration (no sign-in).
 * Opened at the end of the test on a shared device (`finished`), it offers Finish (FinishButton). Rendered by the API
 * server with the report (server/renderedPages.ts), the page starts from it rather than calling the API again
 * (src/pageData.tsx); its chart is rendered with it (GroupedBarChart.tsx). Without react-admin: a first visit opens
 * it in the light app (src/signin/LightApp.tsx), the console and the public app inside react-admin
 * (GuestReportPage.tsx).
 */
export const GuestReport = ({ token, examType, finished }: { token: string; examType: string; finished: boolean }) => {
  const { translate, navigate } = useSignInEnv();
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
    <PublicFrame title={translate('app.reports.ui.title')} brand={translate('app.name')} menu={<LanguageMenu />} wide>
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
      {!error && !report && <Waiting />}
      {report && <ReportView report={report} />}
      {finished && (
        <FinishButton
          label={translate('app.exams.ui.finishGuest')}
          finish={() => {
            clearDevice();
            navigate('/exam-page', { replace: true });
          }}
        />
      )}
    </PublicFrame>
  );
};
