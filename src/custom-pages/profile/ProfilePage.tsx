import { Title, useTranslate } from 'react-admin';
import { ProfileView } from './ProfileView';

/** /profile */
const ProfilePage = () => {
  const translate = useTranslate();
  return (
    <>
      <Title title={translate('app.profile.title')} />
      <ProfileView />
    </>
  );
};

export default ProfilePage;
