import { CustomRoutes } from 'react-admin';
import { Route } from 'react-router-dom';
import { lazyPage } from '../routes';

const ScoreListPage = lazyPage(() => import('../custom-pages/learner-results/ScoreListPage'));
const ScoreReviewPage = lazyPage(() => import('../custom-pages/learner-results/ScoreReviewPage'));
const SearchUserPage = lazyPage(() => import('../custom-pages/learner-results/SearchUserPage'));
const ExamReportPage = lazyPage(() => import('../custom-pages/learner-results/ExamReportPage'));

/**
 * The learner results screens (docs/api/reports.md "Console: score
 * screens"): the ranked results, one learner's review and confirmation,
 * the learner search and the filtered programme report.
 */
export const learnerResultsArea = (
  <CustomRoutes>
    <Route path="/score" element={<ScoreListPage />} />
    <Route path="/score/review/:exam_type/:id" element={<ScoreReviewPage />} />
    <Route path="/search/user" element={<SearchUserPage />} />
    <Route path="/exam/report" element={<ExamReportPage />} />
  </CustomRoutes>
);
