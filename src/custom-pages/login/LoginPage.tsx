import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { PublicShell } from '../../components/PublicShell';
import { ForgotPasswordForm } from './ForgotPasswordForm';
import { LoginForm } from './LoginForm';

/** /login: sign in, or ask for a password reset link. */
const LoginPage = () => {
  const translate = useTranslate();
  const [mode, setMode] = useState<'login' | 'forgot'>('login');
  return (
    <PublicShell title={translate(mode === 'login' ? 'app.login.title' : 'app.login.forgotTitle')}>
      {mode === 'login' ? <LoginForm onForgot={() => setMode('forgot')} /> : <ForgotPasswordForm onBack={() => setMode('login')} />}
    </PublicShell>
  );
};

export default LoginPage;
