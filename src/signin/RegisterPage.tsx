import { useSignInEnv } from './env';
import { LanguageMenu } from './LanguageMenu';
import { PublicFrame } from './PublicFrame';
import { RegisterForm } from './RegisterForm';

/** /register: a family or a teacher creates an account, then lands on /profile. */
export const RegisterPage = () => {
  const { translate } = useSignInEnv();
  return (
    <PublicFrame title={translate('app.register.title')} brand={translate('app.name')} menu={<LanguageMenu />} wide>
      <RegisterForm />
    </PublicFrame>
  );
};
