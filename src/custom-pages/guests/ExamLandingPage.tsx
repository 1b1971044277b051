import { Button, Stack, Typography } from '@mui/material';
import AssessmentOutlined from '@mui/icons-material/AssessmentOutlined';
import PlayCircleOutlined from '@mui/icons-material/PlayCircleOutlined';
import { useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { PublicShell } from '../../components/PublicShell';

/** /exam-page — the guests' landing page: students' reports (/exam/guests, sign-in with access_neomi) or enter a test (/guest-register). */
const ExamLandingPage = () => {
  const translate = useTranslate();
  return (
    <PublicShell title={translate('app.exams.landing.title')}>
      <Typography sx={{ mb: 3 }}>{translate('app.exams.landing.intro')}</Typography>
      <Stack spacing={2}>
        <Button
          variant="contained"
          size="large"
          startIcon={<PlayCircleOutlined />}
          component={RouterLink}
          to="/guest-register"
        >
          {translate('app.exams.landing.enterTest')}
        </Button>
        <Button
          variant="outlined"
          size="large"
          startIcon={<AssessmentOutlined />}
          component={RouterLink}
          to="/exam/guests"
        >
          {translate('app.exams.landing.reports')}
        </Button>
        <Button component={RouterLink} to="/results">
          {translate('app.exams.landing.myResults')}
        </Button>
      </Stack>
    </PublicShell>
  );
};

export default ExamLandingPage;
