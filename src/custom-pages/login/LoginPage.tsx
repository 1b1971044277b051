import { lazy, useState } from 'react';
import { useTranslate } from 'react-admin';
import { PublicShell } from '../../components/PublicShell';
import { LoginForm } from './LoginForm';

/** The "forgot password" form, downloaded when asked for (PublicShell shows a spinner meanwhile). */
const ForgotPasswordForm = lazy(() => import('./ForgotPasswordForm').then((m) => ({ default: m.ForgotPasswordForm })));

/** /login: sign in, or ask for a password reset link. */
const LoginPage = () => {
  const translate = useTranslate();
  const [mode, setMode] = useState<'login' | 'forgot'>('login');
  return (
    <PublicShell title={translate(mode === 'login' ? 'app.login.title' : 'app.login.forgotTitle')}>
      {mode === 'login' ? (
        <LoginForm onForgot={() => setMode('forgot')} />
      ) : (
        <ForgotPasswordForm onBack={() => setMode('login')} />
      )}
    </PublicShell>
  );
};

export default LoginPage;
