import { Button, LinkBase, useTranslate } from 'react-admin';
import { ReportView } from './ReportView';

/** /region-dashboard: the region admin's region, its schools side by side. */
const RegionDashboardPage = () => {
  const translate = useTranslate();
  return (
    <ReportView
      target={{ level: 'region' }}
      title={(r) => translate('app.schools.report.regionTitle', { name: r.region?.name ?? '' })}
      actions={<Button component={LinkBase} to="/school-reports" label="app.schools.report.allSchools" />}
    />
  );
};

export default RegionDashboardPage;
