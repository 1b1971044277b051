import { CustomRoutes } from 'react-admin';
import { Route } from 'react-router-dom';
import { lazyPage } from '../routes';

const MarkingQueuePage = lazyPage(() => import('../custom-pages/marking/MarkingListPage'));
const CorrectedExamsPage = lazyPage(() =>
  import('../custom-pages/marking/MarkingListPage').then((m) => ({ default: m.CorrectedExamsPage })),
);
const SpeedGraderPage = lazyPage(() => import('../custom-pages/marking/SpeedGraderPage'));
const MarkingAdminPage = lazyPage(() => import('../custom-pages/marking/MarkingAdminPage'));
const MarkerReliabilityPage = lazyPage(() => import('../custom-pages/marker-reliability/MarkerReliabilityPage'));

/**
 * Marking (mark_neomi_test): the tests to mark (/pre-neomi), those marked
 * (/corrected-exams) and the speed grader of one test (/mark-neomi-test/:which_exam,
 * which_exam being the marking's id: the address carries no learner); and for
 * admin_neomi the allocation of tests to markers and their agreement (/marking-admin), and the markers'
 * reliability over the tests marked twice (/marking-admin/reliability).
 */
export const markingArea = (
  <CustomRoutes>
    <Route path="/pre-neomi" element={<MarkingQueuePage />} />
    <Route path="/corrected-exams" element={<CorrectedExamsPage />} />
    <Route path="/mark-neomi-test/:which_exam" element={<SpeedGraderPage />} />
    <Route path="/marking-admin" element={<MarkingAdminPage />} />
    <Route path="/marking-admin/reliability" element={<MarkerReliabilityPage />} />
  </CustomRoutes>
);
