import { useEffect, useState } from 'react';
import { Alert, Button, Link, Stack, Typography } from '@mui/material';
import { Form, TextInput, useDataProvider, useTranslate } from 'react-admin';
import type { AppDataProvider } from '../../dataProvider';
import { useBusyAction } from '../../hooks/useBusyAction';
import { lazyZodValidate, loadAuthSchemas } from './authSchemas';

/** The "mail sent" message stays 4000 ms (docs/PRODUCT.md §8 "Forgot password"). */
export const SENT_MESSAGE_MS = 4000;
const validate = lazyZodValidate((schemas) => schemas.forgotPasswordSchema);

export const ForgotPasswordForm = ({ onBack }: { onBack: () => void }) => {
  const translate = useTranslate();
  const dataProvider = useDataProvider<AppDataProvider>();
  const { busy, run } = useBusyAction();
  const [sent, setSent] = useState<string | null>(null);

  useEffect(() => {
    if (!sent) return undefined;
    const timer = setTimeout(() => setSent(null), SENT_MESSAGE_MS);
    return () => clearTimeout(timer);
  }, [sent]);

  const submit = async (values: Record<string, unknown>) => {
    const { email } = (await loadAuthSchemas()).forgotPasswordSchema.parse(values);
    await run(async () => {
      await dataProvider.forgotPassword(email);
      setSent('app.auth.resetMailSent');
    });
  };

  return (
    <Form validate={validate} mode="onTouched" onSubmit={submit} disableInvalidFormNotification>
      <Stack spacing={1}>
        <Typography variant="body2" color="text.secondary">
          {translate('app.login.forgotHint')}
        </Typography>
        <TextInput source="email" type="email" label="resources.users.fields.email" autoComplete="email" autoFocus />
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
    </Form>
  );
};
