import { Button, CircularProgress, Divider, Grid, Link, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { DateInput, Form, LinkBase, PasswordInput, TextInput, useTranslate } from 'react-admin';
import { useWatch } from 'react-hook-form';
import { FAMILY_GENDERS, TEACHER_GENDERS, USER_TYPE } from '../../../domain/codes';
import { registerSchema } from '../../../domain/schemas/auth';
import { authProvider } from '../../authProvider';
import { ChallengeInput } from '../../components/ChallengeInput';
import { CheckboxInput } from '../../components/CheckboxInput';
import { CodeSelectInput } from '../../components/CodeSelectInput';
import { CountryInput } from '../../components/CountryInput';
import { RevalidateWith } from '../../components/RevalidateWith';
import { useSignIn } from '../../hooks/useSignIn';
import { useBusyAction } from '../../hooks/useBusyAction';
import { EMAILS_MATCH, PASSWORDS_MATCH, zodValidateWithMatches } from '../../validation/zodValidate';
import { AccountTypeInput } from './AccountTypeInput';
import { TeacherFields } from './TeacherFields';
import { NewPasswordInput } from '../../components/NewPasswordInput';

const validate = zodValidateWithMatches(registerSchema, [EMAILS_MATCH, PASSWORDS_MATCH]);
const label = (field: string) => `resources.users.fields.${field}`;
const today = () => new Date().toISOString().slice(0, 10);

const useIsTeacher = () => Number(useWatch({ name: 'type' })) === USER_TYPE.teacher;

/** Family 2 mother, 1 father, 0 other; teacher 1 male, 2 female (docs/PRODUCT.md §5 "Gender options"). */
const GenderInput = () => {
  const teacher = useIsTeacher();
  return (
    <CodeSelectInput
      key={teacher ? 't' : 'f'}
      source="gender"
      label={label('gender')}
      codes={teacher ? TEACHER_GENDERS : FAMILY_GENDERS}
    />
  );
};

/** A teacher may sign up only once the agreement is ticked (docs/PRODUCT.md §4 "Forms that follow what is typed"). */
const SubmitButton = ({ busy }: { busy: boolean }) => {
  const translate = useTranslate();
  const teacher = useIsTeacher();
  const agreed = useWatch({ name: 'agreement' }) === true;
  return (
    <Button
      type="submit"
      variant="contained"
      size="large"
      disabled={busy || (teacher && !agreed)}
      startIcon={busy ? <CircularProgress size={18} aria-hidden /> : null}
    >
      {translate('app.register.submit')}
    </Button>
  );
};

const TeacherSection = () => {
  const translate = useTranslate();
  if (!useIsTeacher()) return null;
  return (
    <>
      <Divider sx={{ my: 2 }} />
      <Typography variant="h6" component="h2" gutterBottom>
        {translate('app.register.professional')}
      </Typography>
      <TeacherFields />
      <CheckboxInput source="agreement" label={translate('app.register.agreement')} />
    </>
  );
};

export const RegisterForm = () => {
  const translate = useTranslate();
  const signIn = useSignIn();
  const { busy, run } = useBusyAction();
  // 0: no challenge (sign-up asks for it only when the setting register_captcha is on); then a new one after each try
  const [challengeRound, setChallengeRound] = useState(0);

  const submit = async (values: Record<string, unknown>) => {
    const parsed = registerSchema.safeParse(values);
    if (!parsed.success) return undefined; // the form already shows why
    const errors = await run(() => signIn(() => authProvider.register(parsed.data), '/profile'));
    if (errors?.captcha || challengeRound > 0) setChallengeRound((r) => r + 1);
    return errors;
  };

  const half = { xs: 12, sm: 6 } as const;
  return (
    <Form
      validate={validate}
      mode="onTouched"
      onSubmit={submit}
      defaultValues={{ type: USER_TYPE.family, agreement: false }}
    >
      <AccountTypeInput />
      <RevalidateWith field="confirm_email" partner="email" />
      <RevalidateWith field="confirm_password" partner="password" />
      <Typography variant="h6" component="h2" gutterBottom>
        {translate('app.register.personal')}
      </Typography>
      <Grid container columnSpacing={2}>
        <Grid size={half}>
          <TextInput source="name" label={label('name')} autoComplete="name" />
        </Grid>
        <Grid size={half}>
          <GenderInput />
        </Grid>
        <Grid size={half}>
          <TextInput source="email" type="email" label={label('email')} autoComplete="email" />
        </Grid>
        <Grid size={half}>
          <TextInput source="confirm_email" type="email" label={label('confirm_email')} autoComplete="off" />
        </Grid>
        <Grid size={half}>
          <NewPasswordInput source="password" label={label('password')} autoComplete="new-password" />
        </Grid>
        <Grid size={half}>
          <PasswordInput source="confirm_password" label={label('confirm_password')} autoComplete="new-password" />
        </Grid>
        <Grid size={half}>
          <CountryInput />
        </Grid>
        <Grid size={half}>
          <TextInput source="city" label={label('city')} />
        </Grid>
        <Grid size={half}>
          <DateInput source="birthdate" label={label('birthdate')} slotProps={{ htmlInput: { max: today() } }} />
        </Grid>
        <Grid size={half}>
          <TextInput source="mobile_no" type="tel" label={label('mobile_no')} autoComplete="tel" />
        </Grid>
      </Grid>
      <TeacherSection />
      {challengeRound > 0 ? <ChallengeInput round={challengeRound} /> : null}
      <Stack direction="row" spacing={2} sx={{ mt: 2, alignItems: 'center', flexWrap: 'wrap' }}>
        <SubmitButton busy={busy} />
        <Typography variant="body2">
          {translate('app.register.haveAccount')}{' '}
          <Link component={LinkBase} to="/login">
            {translate('app.register.login')}
          </Link>
        </Typography>
      </Stack>
    </Form>
  );
};
