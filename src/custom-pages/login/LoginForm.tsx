import { Box, Button, CircularProgress, Link, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { Form, LinkBase, PasswordInput, TextInput, useTranslate } from 'react-admin';
import { useWatch } from 'react-hook-form';
import { authProvider } from '../../authProvider';
import { useSignIn } from '../../hooks/useSignIn';
import { useBusyAction } from '../../hooks/useBusyAction';
import { ChallengeInput } from '../../components/ChallengeInput';
import { lazyZodValidate, loadAuthSchemas } from './authSchemas';

const validate = lazyZodValidate((schemas) => schemas.loginSchema);

/** Enabled only when both fields hold something (docs/PRODUCT.md §5 "Sign-in"). */
const SignInButton = ({ busy }: { busy: boolean }) => {
  const translate = useTranslate();
  const [email, password] = useWatch({ name: ['email', 'password'] }) as [string | null, string | null];
  const ready = !!email?.trim() && !!password;
  return (
    <Button
      type="submit"
      variant="contained"
      size="large"
      fullWidth
      disabled={!ready || busy}
      startIcon={busy ? <CircularProgress size={18} aria-hidden /> : null}
    >
      {translate('app.login.submit')}
    </Button>
  );
};

/** The server asks for the challenge (field captcha) after many failed sign-ins to the account from several addresses. */
const asksForChallenge = (errors: Record<string, string> | undefined) => !!errors?.captcha;

export const LoginForm = ({ onForgot }: { onForgot: () => void }) => {
  const translate = useTranslate();
  const signIn = useSignIn();
  const { busy, run } = useBusyAction();
  // 0: no challenge; then a new challenge after each try (a solution answers once)
  const [challengeRound, setChallengeRound] = useState(0);

  const submit = async (values: Record<string, unknown>) => {
    const { email, password, captcha } = (await loadAuthSchemas()).loginSchema.parse(values);
    const errors = await run(() => signIn(() => authProvider.login({ email, password, captcha }), '/overview'));
    // once asked for, each try (right or wrong) used the solution up: solve a new challenge
    if (asksForChallenge(errors) || challengeRound > 0) setChallengeRound((r) => r + 1);
    return asksForChallenge(errors) && challengeRound > 0 ? { captcha: errors!.captcha } : undefined;
  };

  return (
    <Form validate={validate} mode="onTouched" onSubmit={submit} disableInvalidFormNotification>
      <Stack spacing={1}>
        <TextInput source="email" type="email" label="resources.users.fields.email" autoComplete="username" autoFocus />
        <PasswordInput source="password" label="resources.users.fields.password" autoComplete="current-password" />
        {challengeRound > 0 ? <ChallengeInput round={challengeRound} /> : null}
        <Box sx={{ pt: 1 }}>
          <SignInButton busy={busy} />
        </Box>
        <Link
          component="button"
          type="button"
          variant="body2"
          onClick={onForgot}
          sx={{ alignSelf: 'flex-start', textAlign: 'start' }}
        >
          {translate('app.login.forgot')} {translate('app.login.contactAdmin')}
        </Link>
        <Typography variant="body2">
          {translate('app.login.noAccount')}{' '}
          <Link component={LinkBase} to="/register">
            {translate('app.login.register')}
          </Link>
        </Typography>
      </Stack>
    </Form>
  );
};
