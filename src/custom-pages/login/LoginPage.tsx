import { SignInPage } from '../../signin/SignInPage';
import { InReactAdmin } from './adminEnv';

/** /login inside react-admin: the sign-in page of src/signin/ (adminEnv.tsx says how). */
const LoginPage = () => (
  <InReactAdmin>
    <SignInPage />
  </InReactAdmin>
);

export default LoginPage;
