import { useTranslate } from 'react-admin';
import { PublicShell } from '../../components/PublicShell';
import { RegisterForm } from './RegisterForm';

/** /register: a family or a teacher creates an account, then lands on /profile. */
const RegisterPage = () => {
  const translate = useTranslate();
  return (
    <PublicShell title={translate('app.register.title')} wide>
      <RegisterForm />
    </PublicShell>
  );
};

export default RegisterPage;
