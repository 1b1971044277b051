import { type MouseEvent, memo, useState } from 'react';
import { Box, IconButton, InputAdornment, Link, Stack, TextField, Typography } from '@mui/material';
import Visibility from '@mui/icons-material/Visibility';
import VisibilityOff from '@mui/icons-material/VisibilityOff';
import { authProvider } from '../authProvider';
import { ChallengeWidget } from '../components/ChallengeWidget';
import { useBusyRunner } from './busy';
import { useSignInEnv } from './env';
import { useSchemaForm } from './form';
import { SubmitButton } from './SubmitButton';

/** The server asks for the challenge (field captcha) after many failed sign-ins to one account from several addresses. */
const asksForChallenge = (errors: Record<string, string> | undefined) => !!errors?.captcha;

/** A password field with the button that shows or hides what is typed (react-admin's PasswordInput's); memoised (form.ts). */
export const PasswordField = memo(function PasswordField(props: Omit<Parameters<typeof TextField>[0], 'type'>) {
  const { translate } = useSignInEnv();
  const [visible, setVisible] = useState(false);
  return (
    <TextField
      {...props}
      type={visible ? 'text' : 'password'}
      slotProps={{
        input: {
          endAdornment: (
            <InputAdornment position="end">
              <IconButton
                aria-label={translate(visible ? 'ra.input.password.toggle_visible' : 'ra.input.password.toggle_hidden')}
                onClick={() => setVisible(!visible)}
                size="small"
              >
                {visible ? <Visibility fontSize="small" /> : <VisibilityOff fontSize="small" />}
              </IconButton>
            </InputAdornment>
          ),
        },
      }}
    />
  );
});

/** A link to another address of the console, followed without reloading the page. */
export const PageLink = ({
  to,
  children,
  ...props
}: { to: string; children: string } & Pick<Parameters<typeof Link>[0], 'variant' | 'sx'>) => {
  const { navigate } = useSignInEnv();
  return (
    <Link
      {...props}
      href={to}
      onClick={(event: MouseEvent<HTMLAnchorElement>) => {
        if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
        event.preventDefault();
        navigate(to);
      }}
    >
      {children}
    </Link>
  );
};

/**
 * The sign-in form (docs/PRODUCT.md §5 "Sign-in"): email and password, checked by the domain's loginSchema as the
 * server checks them; "Sign in" enabled only when both hold something; after many failed sign-ins to the account the
 * server asks for the challenge, solved in the background, a new one after each try (a solution answers once).
 */
export const SignInForm = ({ onForgot }: { onForgot: () => void }) => {
  const { translate, locale, notify, signedIn } = useSignInEnv();
  const { busy, run } = useBusyRunner(notify);
  const form = useSchemaForm((schemas) => schemas.loginSchema, { email: '', password: '', captcha: '' });
  // 0: no challenge; then a new challenge after each try (a solution answers once)
  const [challengeRound, setChallengeRound] = useState(0);
  const ready = !!form.values.email.trim() && !!form.values.password;

  const submit = form.submit(async ({ email, password, captcha }) => {
    const errors = await run(async () => {
      await authProvider.login({ email, password, captcha });
      await signedIn('/overview');
    });
    // once asked for, each try (right or wrong) used the solution up: solve a new challenge
    if (asksForChallenge(errors) || challengeRound > 0) setChallengeRound((r) => r + 1);
    return asksForChallenge(errors) && challengeRound > 0 ? { captcha: errors!.captcha } : undefined;
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack spacing={1}>
        <TextField
          {...form.fieldProps('email', translate)}
          type="email"
          label={translate('resources.users.fields.email')}
          autoComplete="username"
          autoFocus
        />
        <PasswordField
          {...form.fieldProps('password', translate)}
          label={translate('resources.users.fields.password')}
          autoComplete="current-password"
        />
        {challengeRound > 0 ? (
          <ChallengeWidget
            round={challengeRound}
            locale={locale}
            translate={translate}
            onChange={(solution) => form.setValue('captcha', solution)}
            error={form.errorOf('captcha')}
          />
        ) : null}
        <Box sx={{ pt: 1 }}>
          <SubmitButton busy={busy} disabled={!ready} fullWidth>
            {translate('app.login.submit')}
          </SubmitButton>
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
          {translate('app.login.noAccount')} <PageLink to="/register">{translate('app.login.register')}</PageLink>
        </Typography>
      </Stack>
    </form>
  );
};
