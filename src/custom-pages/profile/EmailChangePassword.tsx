import { Alert, Stack } from '@mui/material';
import { PasswordInput, useTranslate } from 'react-admin';
import { useWatch } from 'react-hook-form';

/**
 * Changing one's own email needs the current password (the server refuses
 * without it, and tells the old address): the field shows as soon as the
 * email differs from the saved one.
 */
export const EmailChangePassword = ({ savedEmail }: { savedEmail: string }) => {
  const translate = useTranslate();
  const email = useWatch({ name: 'email' }) as string | undefined;
  if (!email || email.trim().toLowerCase() === savedEmail.toLowerCase()) return null;
  return (
    <Stack spacing={1} sx={{ mt: 1 }}>
      <Alert severity="info">{translate('app.profile.emailChangeNotice')}</Alert>
      <PasswordInput
        source="current_password"
        label="resources.users.fields.current_password"
        autoComplete="current-password"
      />
    </Stack>
  );
};
