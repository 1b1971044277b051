import { CustomRoutes, Resource } from 'react-admin';
import { Route } from 'react-router-dom';
import { lazyPage } from '../routes';

const ExamPage = lazyPage(() => import('../custom-pages/exam-taking/ExamPage'));
const TeacherEntryPage = lazyPage(() => import('../custom-pages/exam-taking/TeacherEntryPage'));
const ExamsPage = lazyPage(() => import('../custom-pages/exam-analytics/ExamsPage'));
const LearnerAnswersPage = lazyPage(() => import('../custom-pages/exam-analytics/LearnerAnswersPage'));
const NeomiExamsPage = lazyPage(() => import('../custom-pages/exam-analytics/NeomiExamsPage'));
const NeomiAnalyticsPage = lazyPage(() => import('../custom-pages/exam-analytics/NeomiAnalyticsPage'));
const QuestionBankPage = lazyPage(() => import('../custom-pages/question-bank/QuestionBankPage'));
const GuestsPage = lazyPage(() => import('../custom-pages/guests/GuestsPage'));

/**
 * The Neomi test, taken (docs/api/exams.md): the stepper in the console,
 * the learners' tests and answers, analytics, the question bank, guests.
 * The open pages (/start-exam, /guest-register, /temp/register, /exam-page,
 * /results, /image, /img) are in routes.tsx PUBLIC_PAGES.
 */
export const examsArea = (
  <>
    <Resource name="examTakers" />
    <Resource name="examGuests" />
    <CustomRoutes>
      <Route path="/exam/guests" element={<GuestsPage />} />
      <Route path="/exam/:exam/:id" element={<ExamPage />} />
      <Route path="/exams" element={<ExamsPage />} />
      <Route path="/exams/:exam_type/:id" element={<LearnerAnswersPage />} />
      <Route path="/neomi-exams" element={<NeomiExamsPage />} />
      <Route path="/neomi-exams/:student_id/:challenge_no/:exam_type" element={<LearnerAnswersPage />} />
      <Route path="/neomi-exam/:id/:exam_type/:challenge_no" element={<TeacherEntryPage />} />
      <Route path="/neomi-exams-two" element={<NeomiAnalyticsPage />} />
      <Route path="/neomi-questions" element={<QuestionBankPage />} />
    </CustomRoutes>
  </>
);
