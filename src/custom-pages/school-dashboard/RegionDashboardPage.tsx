import { Typography } from '@mui/material';
import { Button, type Identifier, LinkBase, Title, useTranslate } from 'react-admin';
import { useSearchParams } from 'react-router-dom';
import { ROLE } from '../../../domain/permissions';
import { RegionPicker } from '../../components/RegionPicker';
import { getSessionUser } from '../../session';
import { ReportView } from './ReportView';

/** The region admin's own region; undefined for anyone above the region (they pick one). */
const ownRegionId = (): number | undefined => {
  const user = getSessionUser();
  return user?.roles.includes(ROLE.regionAdmin) && typeof user.region_id === 'number' ? user.region_id : undefined;
};

/**
 * /region-dashboard: the region admin's region, its schools side by side. A platform
 * admin picks the region first (kept in the address, /region-dashboard?region=<id>, so
 * a reload or a shared link shows the same); until then nothing is asked of the server.
 */
const RegionDashboardPage = () => {
  const translate = useTranslate();
  const [params, setParams] = useSearchParams();
  const own = ownRegionId();
  const asked = Number(params.get('region'));
  const picked = Number.isInteger(asked) && asked > 0 ? asked : undefined;
  const pick = (regionId: Identifier | undefined) =>
    setParams(regionId === undefined ? {} : { region: String(regionId) }, { replace: true });
  const target =
    own !== undefined ? { level: 'region' as const } : picked ? { level: 'region' as const, regionId: picked } : null;
  return (
    <>
      {target === null && (
        <>
          <Title title={translate('app.menu.regionDashboard')} />
          <Typography variant="h5" component="h1" sx={{ pt: 2 }}>
            {translate('app.menu.regionDashboard')}
          </Typography>
        </>
      )}
      {own === undefined && <RegionPicker regionId={picked} onChange={pick} />}
      <ReportView
        target={target}
        title={(r) => translate('app.schools.report.regionTitle', { name: r.region?.name ?? '' })}
        actions={<Button component={LinkBase} to="/school-reports" label="app.schools.report.allSchools" />}
      />
    </>
  );
};

export default RegionDashboardPage;
