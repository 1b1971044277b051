import { CustomRoutes } from 'react-admin';
import { Route } from 'react-router-dom';
import { lazyPage } from '../routes';

const StudentReportPage = lazyPage(() => import('../custom-pages/reports/StudentReportPage'));
const ExamReportsPage = lazyPage(() => import('../custom-pages/reports/ExamReportsPage'));
const PrintExamPage = lazyPage(() =>
  import('../custom-pages/reports/PrintPage').then((m) => ({ default: m.PrintExamPage })),
);
const PrintCorrectedPage = lazyPage(() =>
  import('../custom-pages/reports/PrintPage').then((m) => ({ default: m.PrintCorrectedPage })),
);

/**
 * Reports (docs/api/reports.md): a learner's report, the export of
 * exam_results.xlsx with pre → post, and the print pages. The guest's report
 * (/guest-report/:token/:exam_type?) is a public page (routes.tsx PUBLIC_PAGES).
 */
export const reportsArea = (
  <CustomRoutes>
    <Route path="/report/:stu_id/:exam_type" element={<StudentReportPage />} />
    <Route path="/neomi-exams-report" element={<ExamReportsPage />} />
    <Route path="/print-neomi-exam-group/:exam_type/:challenge_no/:group_id" element={<PrintExamPage />} />
    <Route path="/print-neomi-exam-group-all/:exam_type/:group_id" element={<PrintExamPage />} />
    <Route path="/print-neomi-exam/:student_id/:exam_type/:challenge_no?" element={<PrintExamPage />} />
    <Route
      path="/test-correct-print-neomi-exam/:student_id/:exam_type/:challenge_no?"
      element={<PrintCorrectedPage />}
    />
  </CustomRoutes>
);
