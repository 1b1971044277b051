import { Suspense } from 'react';
import { Loading, Title, useTranslate } from 'react-admin';
import { ROLE } from '../../../domain/permissions';
import { ProfileView } from '../profile/ProfileView';
import { useMe } from '../profile/useMe';
import { lazyPart } from '../../lazyPart';

/** The charts (recharts) load only for those who see them, not with every profile. */
const AdminOverview = lazyPart(() => import('./AdminOverview'));

/** /overview: admins see the counts; everyone else sees their profile (docs/PRODUCT.md §2 "Admin overview"). */
const OverviewPage = () => {
  const translate = useTranslate();
  const { data: me, isPending } = useMe();
  if (isPending) return <Loading />;
  const isAdmin = !!me?.roles.includes(ROLE.admin);
  return (
    <>
      <Title title={translate(isAdmin ? 'app.overview.title' : 'app.profile.title')} />
      {isAdmin ? (
        <Suspense fallback={<Loading />}>
          <AdminOverview />
        </Suspense>
      ) : (
        <ProfileView />
      )}
    </>
  );
};

export default OverviewPage;
