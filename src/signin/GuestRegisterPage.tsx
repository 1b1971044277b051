import { useSignInEnv } from './env';
import { GuestSignUpForm } from './GuestSignUpForm';
import { LanguageMenu } from './LanguageMenu';
import { PublicFrame } from './PublicFrame';

/** /guest-register: a guest signs up (docs/PRODUCT.md §5 "Guest registration") and goes on to /start-exam/1/<id>. */
export const GuestRegisterPage = () => {
  const { translate } = useSignInEnv();
  return (
    <PublicFrame title={translate('app.exams.guest.title')} brand={translate('app.name')} menu={<LanguageMenu />}>
      <GuestSignUpForm />
    </PublicFrame>
  );
};
