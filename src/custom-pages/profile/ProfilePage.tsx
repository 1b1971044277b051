import { useTranslate } from 'react-admin';
import { PageTitle } from '../../components/PageTitle';
import { ProfileView } from './ProfileView';

/** /profile */
const ProfilePage = () => {
  const translate = useTranslate();
  return (
    <>
      <PageTitle title={translate('app.profile.title')} />
      <ProfileView />
    </>
  );
};

export default ProfilePage;
