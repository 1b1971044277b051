import { InReactAdmin } from '../login/adminEnv';
import { GuestRegisterPage as LightGuestRegisterPage } from '../../signin/GuestRegisterPage';

/**
 * /guest-register inside react-admin: the light app's page (src/signin/GuestRegisterPage.tsx; login/adminEnv.tsx says
 * how).
 */
const GuestRegisterPage = () => (
  <InReactAdmin>
    <LightGuestRegisterPage />
  </InReactAdmin>
);

export default GuestRegisterPage;
