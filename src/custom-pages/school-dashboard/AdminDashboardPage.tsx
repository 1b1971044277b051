import { Button, LinkBase, useTranslate } from 'react-admin';
import { ReportView } from './ReportView';

/** /admin-dashboard: every school of the platform, regions side by side. */
const AdminDashboardPage = () => {
  const translate = useTranslate();
  return (
    <ReportView
      target={{ level: 'platform' }}
      title={() => translate('app.schools.report.platformTitle')}
      actions={<Button component={LinkBase} to="/school-reports" label="app.schools.report.allSchools" />}
    />
  );
};

export default AdminDashboardPage;
