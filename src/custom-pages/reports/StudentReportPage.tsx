import { useEffect, useState } from 'react';
import { Alert, Button, Stack, ToggleButton, ToggleButtonGroup } from '@mui/material';
import PrintOutlined from '@mui/icons-material/PrintOutlined';
import { Loading, Title, useTranslate } from 'react-admin';
import { useNavigate, useParams } from 'react-router-dom';
import { reportMethods, type StudentReport } from '../../dataProvider/reports';
import { InReactAdmin } from '../login/adminEnv';
import { errorText } from './errors';
import { ReportView } from './ReportView';

/** /report/:stu_id/:exam_type — a learner's report, as the family (or the school) opens it. */
const StudentReportPage = () => {
  const translate = useTranslate();
  const navigate = useNavigate();
  const { stu_id: studentId = '', exam_type: examType = '1' } = useParams();
  const [report, setReport] = useState<StudentReport | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    setReport(null);
    setError(null);
    reportMethods
      .studentReport(studentId, examType)
      .then(setReport)
      .catch((e: unknown) => setError(errorText(e)));
  }, [studentId, examType]);
  return (
    <>
      <Title title={translate('app.reports.ui.title')} />
      <Stack direction="row" spacing={2} sx={{ mt: 2, alignItems: 'center' }} className="no-print">
        <ToggleButtonGroup
          exclusive
          size="small"
          value={examType}
          onChange={(_, v: string | null) => v && navigate(`/report/${studentId}/${v}`)}
        >
          <ToggleButton value="1">{translate('app.codes.examType.pre')}</ToggleButton>
          <ToggleButton value="2">{translate('app.codes.examType.post')}</ToggleButton>
        </ToggleButtonGroup>
        <Button startIcon={<PrintOutlined />} onClick={() => window.print()}>
          {translate('app.reports.ui.print')}
        </Button>
      </Stack>
      {error && (
        <Alert severity="error" sx={{ mt: 2 }}>
          {translate(error)}
        </Alert>
      )}
      {!error && !report && <Loading />}
      {report && (
        <InReactAdmin>
          <ReportView report={report} />
        </InReactAdmin>
      )}
    </>
  );
};

export default StudentReportPage;
