import { Stack } from '@mui/material';
import { PASSWORDS_MATCH } from '../validation/zodValidate';
import { resetPassword } from './api';
import { useBusyRunner } from './busy';
import { useSignInEnv } from './env';
import { NewPasswordField } from './fields';
import { useSchemaForm } from './form';
import { LanguageMenu } from './LanguageMenu';
import { PublicFrame } from './PublicFrame';
import { PageLink, PasswordField } from './SignInForm';
import { SubmitButton } from './SubmitButton';

/**
 * /reset-password/:token — the link from the reset mail: a new password twice (the domain's resetPasswordSchema, as
 * the server checks it), then /login with a notification. `token`: the address's last segment.
 */
export const ResetPasswordPage = ({ token }: { token: string }) => {
  const { translate, notify, navigate } = useSignInEnv();
  const { busy, run } = useBusyRunner(notify);
  const form = useSchemaForm((schemas) => schemas.resetPasswordSchema, { token, password: '', confirm_password: '' }, [
    PASSWORDS_MATCH,
  ]);

  const submit = form.submit(async (parsed) =>
    run(async () => {
      await resetPassword(parsed);
      notify('app.auth.passwordChanged', { type: 'success' });
      navigate('/login', { replace: true });
    }),
  );

  return (
    <PublicFrame title={translate('app.reset.title')} brand={translate('app.name')} menu={<LanguageMenu />}>
      <form onSubmit={submit} noValidate>
        <Stack spacing={1}>
          <NewPasswordField
            {...form.fieldProps('password', translate)}
            label={translate('resources.users.fields.new_password')}
            autoFocus
          />
          <PasswordField
            {...form.fieldProps('confirm_password', translate)}
            label={translate('resources.users.fields.confirm_password')}
            autoComplete="new-password"
          />
          <SubmitButton busy={busy}>{translate('app.reset.submit')}</SubmitButton>
          <PageLink to="/login" variant="body2">
            {translate('app.login.backToLogin')}
          </PageLink>
        </Stack>
      </form>
    </PublicFrame>
  );
};
