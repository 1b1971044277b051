import { useEffect, useState } from 'react';
import { Alert, Button, Stack, ToggleButton, ToggleButtonGroup } from '@mui/material';
import { Loading, useTranslate } from 'react-admin';
import { useLocation, useNavigate, useParams } from 'react-router-dom';
import { PublicShell } from '../../components/PublicShell';
import { clearDevice } from '../../session';
import { reportMethods, type StudentReport } from '../../dataProvider/reports';
import { errorText } from './errors';
import { ReportView } from './ReportView';

/**
 * /guest-report/:token/:exam_type? — a guest's report, reached by the link given at registration (no sign-in).
 * Opened at the end of the test on a shared device (state `finished`), it offers Finish: the device is
 * cleared again and goes back to the guests' landing page for the next child.
 */
const GuestReportPage = () => {
  const translate = useTranslate();
  const navigate = useNavigate();
  const { token = '', exam_type: examType = '1' } = useParams();
  const finished = (useLocation().state as { finished?: boolean } | null)?.finished === true;
  const [report, setReport] = useState<StudentReport | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    setReport(null);
    setError(null);
    reportMethods
      .guestReport(token, examType)
      .then(setReport)
      .catch((e: unknown) => setError(errorText(e)));
  }, [token, examType]);
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
