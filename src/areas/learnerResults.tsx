import { CustomRoutes } from 'react-admin';
import { Route } from 'react-router-dom';
import { lazyPage } from '../routes';

const LearnerResultsPage = lazyPage(() => import('../custom-pages/learner-results/LearnerResultsPage'));
const LearnerResultReviewPage = lazyPage(() => import('../custom-pages/learner-results/LearnerResultReviewPage'));
const SearchUserPage = lazyPage(() => import('../custom-pages/learner-results/SearchUserPage'));
const ExamReportPage = lazyPage(() => import('../custom-pages/learner-results/ExamReportPage'));

/**
 * The learner results screens (docs/api/reports.md "Console: score
 * screens"): the ranked results, one learner's review and confirmation,
 * the learner search and the filtered programme report.
 */
export const learnerResultsArea = (
  <CustomRoutes>
    <Route path="/score" element={<LearnerResultsPage />} />
    <Route path="/score/review/:exam_type/:id" element={<LearnerResultReviewPage />} />
    <Route path="/search/user" element={<SearchUserPage />} />
    <Route path="/exam/report" element={<ExamReportPage />} />
  </CustomRoutes>
);
