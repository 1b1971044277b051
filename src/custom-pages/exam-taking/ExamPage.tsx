import { Card, CardContent } from '@mui/material';
import { Title, useTranslate } from 'react-admin';
import { Navigate, useParams } from 'react-router-dom';
import { ExamSessionView } from './ExamSessionView';
import { useChallenge } from './useChallenge';

/** /exam/:exam/:id — the test in the console (exam = exam type, id = learner id). */
const ExamPage = () => {
  const translate = useTranslate();
  const { exam, id } = useParams();
  const examType = Number(exam);
  const studentId = Number(id);
  const { challenge, pick } = useChallenge(studentId, examType);
  if (![1, 2].includes(examType) || !Number.isInteger(studentId) || studentId <= 0)
    return <Navigate to="/404" replace />;
  return (
    // overflow visible: the test's sticky bar (timer, progress) sticks to the screen, not to the card
    <Card sx={{ mt: 2, overflow: 'visible' }}>
      <Title title={translate('app.exams.ui.title')} />
      <CardContent>
        {challenge && (
          <ExamSessionView
            key={challenge}
            sessionRef={{ studentId, examType, challenge, teacher: false }}
            onChallenge={pick}
          />
        )}
      </CardContent>
    </Card>
  );
};

export default ExamPage;
