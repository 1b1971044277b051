import { InReactAdmin } from '../login/adminEnv';
import { RegisterPage as LightRegisterPage } from '../../signin/RegisterPage';

/** /register inside react-admin: the sign-up page of src/signin/ (login/adminEnv.tsx says how). */
const RegisterPage = () => (
  <InReactAdmin>
    <LightRegisterPage />
  </InReactAdmin>
);

export default RegisterPage;
