import { useEffect, useState } from 'react';
import { Alert, Button, Link, Stack, TextField, Typography } from '@mui/material';
import { requestPasswordReset } from './api';
import { useBusyRunner } from './busy';
import { useSignInEnv } from './env';
import { useSchemaForm } from './form';

/** The "mail sent" message stays 4000 ms (docs/PRODUCT.md §8 "Forgot password"). */
export const SENT_MESSAGE_MS = 4000;

/** /login's "forgot password" form: the email the reset link goes to (checked by the domain's forgotPasswordSchema). */
export const ForgotPasswordForm = ({ onBack }: { onBack: () => void }) => {
  const { translate, notify } = useSignInEnv();
  const { busy, run } = useBusyRunner(notify);
  const form = useSchemaForm((schemas) => schemas.forgotPasswordSchema, { email: '' });
  const [sent, setSent] = useState<string | null>(null);

  useEffect(() => {
    if (!sent) return undefined;
    const timer = setTimeout(() => setSent(null), SENT_MESSAGE_MS);
    return () => clearTimeout(timer);
  }, [sent]);

  const submit = form.submit(async ({ email }) =>
    run(async () => {
      await requestPasswordReset(email);
      setSent('app.auth.resetMailSent');
    }),
  );

  return (
    <form onSubmit={submit} noValidate>
      <Stack spacing={1}>
        <Typography variant="body2" color="text.secondary">
          {translate('app.login.forgotHint')}
        </Typography>
        <TextField
          {...form.fieldProps('email', translate)}
          type="email"
          label={translate('resources.users.fields.email')}
          autoComplete="email"
          autoFocus
        />
        {sent ? (
          <Alert severity="success" role="status">
            {translate(sent)}
          </Alert>
        ) : null}
        <Button type="submit" variant="contained" size="large" fullWidth disabled={busy}>
          {translate('app.login.sendLink')}
        </Button>
        <Typography variant="body2" color="text.secondary">
          {translate('app.login.contactAdmin')}
        </Typography>
        <Link component="button" type="button" variant="body2" onClick={onBack} sx={{ alignSelf: 'flex-start' }}>
          {translate('app.login.backToLogin')}
        </Link>
      </Stack>
    </form>
  );
};
