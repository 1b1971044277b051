import { useState } from 'react';
import { useSignInEnv } from './env';
import { LanguageMenu } from './LanguageMenu';
import { PublicFrame } from './PublicFrame';
import { SignInForm } from './SignInForm';
import { lazyPart } from '../lazyPart';

/** The "forgot password" form, downloaded when asked for (PublicFrame shows a spinner meanwhile). */
const ForgotPasswordForm = lazyPart(() =>
  import('./ForgotPasswordForm').then((m) => ({ default: m.ForgotPasswordForm })),
);

/** /login: sign in, or ask for a password reset link. */
export const SignInPage = () => {
  const { translate } = useSignInEnv();
  const [mode, setMode] = useState<'login' | 'forgot'>('login');
  return (
    <PublicFrame
      title={translate(mode === 'login' ? 'app.login.title' : 'app.login.forgotTitle')}
      brand={translate('app.name')}
      menu={<LanguageMenu />}
    >
      {mode === 'login' ? (
        <SignInForm onForgot={() => setMode('forgot')} />
      ) : (
        <ForgotPasswordForm onBack={() => setMode('login')} />
      )}
    </PublicFrame>
  );
};
