import { useEffect, useState } from 'react';
import { Alert, Box, Button, List, ListItemButton, ListItemText, Stack } from '@mui/material';
import { useTranslate } from 'react-admin';
import { Navigate, Link as RouterLink, useParams } from 'react-router-dom';
import { PublicShell } from '../../components/PublicShell';
import { examMethods, type LearnerWithExams } from '../../dataProvider/exams';
import { getToken } from '../../session';
import { ExamSessionView } from './ExamSessionView';
import { useChallenge } from './useChallenge';

/** Without a learner id: the learners of the signed-in account to choose from (one is taken at once). */
const ChooseLearner = ({ examType }: { examType: number }) => {
  const translate = useTranslate();
  const [learners, setLearners] = useState<LearnerWithExams[] | null>(null);
  useEffect(() => {
    examMethods
      .myLearners()
      .then((r) => setLearners(r.students))
      .catch(() => setLearners([]));
  }, []);
  if (!learners) return null;
  if (learners.length === 1) return <Navigate to={`/start-exam/${examType}/${learners[0].id}`} replace />;
  if (!learners.length) return <Alert severity="info">{translate('app.exams.ui.noLearners')}</Alert>;
  return (
    <List aria-label={translate('app.exams.ui.chooseLearner')}>
      {learners.map((l) => (
        <ListItemButton key={l.id} component={RouterLink} to={`/start-exam/${examType}/${l.id}`}>
          <ListItemText primary={l.name} />
        </ListItemButton>
      ))}
    </List>
  );
};

/**
 * /start-exam/:exam/:id? — the test as a child (or a guest) takes it, full
 * screen without the console's menus. Open address; the calls need the
 * session of the family, guest or teacher who opened it.
 */
const StartExamPage = () => {
  const translate = useTranslate();
  const { exam, id } = useParams();
  const examType = Number(exam);
  const studentId = id ? Number(id) : null;
  // as the page opened: a guest's session ends on the completion step, which stays on screen
  const [signedIn] = useState(() => !!getToken());
  const { challenge, pick } = useChallenge(signedIn ? studentId : null, examType);
  if (![1, 2].includes(examType) || (id && (!Number.isInteger(studentId) || studentId! <= 0)))
    return <Navigate to="/404" replace />;
  return (
    <PublicShell title={translate('app.exams.ui.title')} wide>
      {!signedIn ? (
        <Stack spacing={2}>
          <Alert severity="info">{translate('app.exams.ui.signInFirst')}</Alert>
          <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
            <Button variant="contained" component={RouterLink} to="/guest-register">
              {translate('app.exams.ui.enterAsGuest')}
            </Button>
            <Button component={RouterLink} to="/login" state={{ nextPathname: `/start-exam/${examType}/${id ?? ''}` }}>
              {translate('ra.auth.sign_in')}
            </Button>
          </Box>
        </Stack>
      ) : !studentId ? (
        <ChooseLearner examType={examType} />
      ) : (
        challenge && (
          <ExamSessionView
            key={challenge}
            sessionRef={{ studentId, examType, challenge, teacher: false }}
            onChallenge={pick}
          />
        )
      )}
    </PublicShell>
  );
};

export default StartExamPage;
