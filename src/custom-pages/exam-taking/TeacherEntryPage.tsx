import { Card, CardContent } from '@mui/material';
import { Title, useTranslate } from 'react-admin';
import { Navigate, useParams } from 'react-router-dom';
import { ExamSessionView } from './ExamSessionView';

/** /neomi-exam/:id/:exam_type/:challenge_no — a teacher enters a learner's paper test (POST /answers/addteacher). */
const TeacherEntryPage = () => {
  const translate = useTranslate();
  const params = useParams();
  const studentId = Number(params.id);
  const examType = Number(params.exam_type);
  const challenge = Number(params.challenge_no);
  if (![1, 2].includes(examType) || ![1, 2, 3].includes(challenge) || !Number.isInteger(studentId) || studentId <= 0)
    return <Navigate to="/404" replace />;
  return (
    <Card sx={{ mt: 2 }}>
      <Title title={translate('app.exams.ui.teacherEntryTitle')} />
      <CardContent>
        <ExamSessionView sessionRef={{ studentId, examType, challenge, teacher: true }} />
      </CardContent>
    </Card>
  );
};

export default TeacherEntryPage;
