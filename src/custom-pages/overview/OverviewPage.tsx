import { Loading, Title, usePermissions, useTranslate } from 'react-admin';
import { ROLE } from '../../../domain/permissions';
import { ProfileView } from '../profile/ProfileView';
import { useMe } from '../profile/useMe';
import { AdminOverview } from './AdminOverview';

/** /overview: admins see the counts; everyone else sees their profile (SPEC.md §2). */
const OverviewPage = () => {
  const translate = useTranslate();
  const { data: me, isPending } = useMe();
  const { permissions } = usePermissions<string[]>();
  if (isPending) return <Loading />;
  const isAdmin = !!me?.roles.includes(ROLE.admin);
  return (
    <>
      <Title title={translate(isAdmin ? 'app.overview.title' : 'app.profile.title')} />
      {isAdmin ? <AdminOverview permissions={Array.isArray(permissions) ? permissions : me?.permissions ?? []} /> : <ProfileView />}
    </>
  );
};

export default OverviewPage;
