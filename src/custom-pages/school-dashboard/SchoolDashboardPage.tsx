import { Button, LinkBase, useTranslate } from 'react-admin';
import { useParams } from 'react-router-dom';
import { SchoolPicker } from '../../components/SchoolPicker';
import { useCurrentSchool } from '../../hooks/useCurrentSchool';
import { ReportView } from './ReportView';
import { useCan } from '../../useCan';

/**
 * /school-dashboard: the school admin's school (a platform admin picks one);
 * /school-dashboard/:id: a school of the caller's region or platform.
 */
const SchoolDashboardPage = () => {
  const translate = useTranslate();
  const { id } = useParams();
  const { schoolId, ownSchool } = useCurrentSchool();
  const throughRegion = useCan('regions.manage');
  // a school by id: through its region (region and platform admins), else as its own school admin
  const target = id
    ? throughRegion
      ? { level: 'regionSchool' as const, schoolId: id }
      : { level: 'school' as const, schoolId: id }
    : ownSchool
      ? { level: 'school' as const }
      : schoolId
        ? { level: 'school' as const, schoolId }
        : null;
  return (
    <>
      {!id && <SchoolPicker />}
      <ReportView
        target={target}
        title={(r) => translate('app.schools.report.schoolTitle', { name: r.school?.name ?? '' })}
        actions={
          id ? <Button component={LinkBase} to="/school-reports" label="app.schools.report.allSchools" /> : undefined
        }
      />
    </>
  );
};

export default SchoolDashboardPage;
