import { useParams } from 'react-admin';
import { InReactAdmin } from '../login/adminEnv';
import { ResetPasswordPage as LightResetPasswordPage } from '../../signin/ResetPasswordPage';

/** /reset-password/:token inside react-admin: the page of src/signin/ (login/adminEnv.tsx says how). */
const ResetPasswordPage = () => {
  const { token = '' } = useParams();
  return (
    <InReactAdmin>
      <LightResetPasswordPage token={token} />
    </InReactAdmin>
  );
};

export default ResetPasswordPage;
