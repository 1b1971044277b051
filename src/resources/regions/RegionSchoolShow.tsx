import { Button, LinkBase, useTranslate } from 'react-admin';
import { useParams } from 'react-router-dom';
import { ReportView } from '../../custom-pages/school-dashboard/ReportView';

/** /region-admin/:id/:school_id: one school of a region, as its region and the platform see it. */
const RegionSchoolShow = () => {
  const translate = useTranslate();
  const { id = '', school_id: schoolId = '' } = useParams();
  return (
    <ReportView
      target={{ level: 'regionSchool', schoolId }}
      title={(r) => translate('app.schools.report.schoolTitle', { name: r.school?.name ?? '' })}
      actions={<Button component={LinkBase} to={`/region-admin/${id}`} label="app.regions.backToRegion" />}
    />
  );
};

export default RegionSchoolShow;
