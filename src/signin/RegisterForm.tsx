import { useEffect, useMemo, useRef, useState } from 'react';
import {
  Box,
  Divider,
  FormControl,
  FormControlLabel,
  FormLabel,
  Grid,
  Radio,
  RadioGroup,
  Stack,
  Typography,
} from '@mui/material';
import {
  AVAILABLE_HOURS,
  DEGREES,
  EMPLOYMENT,
  EMPLOYMENT_PLACES,
  EXPERIENCE,
  FAMILY_GENDERS,
  GRADES,
  SPECIALIZATIONS,
  TEACHER_GENDERS,
  USER_TYPE,
} from '../../domain/codes';
import { authProvider } from '../authProvider';
import { ChallengeWidget } from '../components/ChallengeWidget';
import { EMAILS_MATCH, PASSWORDS_MATCH } from '../validation/zodValidate';
import { useBusyRunner } from './busy';
import { useSignInEnv } from './env';
import { CheckboxField, CodeSelectField, CountryField, Field, NewPasswordField } from './fields';
import { type BoundField, useSchemaForm } from './form';
import { PageLink, PasswordField } from './SignInForm';
import { SubmitButton } from './SubmitButton';

const label = (field: string) => `resources.users.fields.${field}`;
const today = () => new Date().toISOString().slice(0, 10);

/** A teacher's background (docs/PRODUCT.md §3 "User", §9 "Codes"): register/TeacherFields.tsx on react-admin's forms. */
const TEACHER_CODES = [
  ['degree', DEGREES],
  ['specialization', SPECIALIZATIONS],
  ['grade', GRADES],
  ['employment', EMPLOYMENT],
  ['experience', EXPERIENCE],
  ['available_hours', AVAILABLE_HOURS],
  ['employment_place', EMPLOYMENT_PLACES],
] as const;
const TEACHER_TEXTS = ['major', 'faculty'] as const;

const EMPTY = {
  type: USER_TYPE.family as number,
  name: '',
  gender: '' as number | string,
  email: '',
  confirm_email: '',
  password: '',
  confirm_password: '',
  country: '',
  city: '',
  birthdate: '',
  mobile_no: '',
  ...Object.fromEntries([...TEACHER_CODES.map(([field]) => field), ...TEACHER_TEXTS].map((field) => [field, ''])),
  agreement: false,
  captcha: '',
};

const half = { xs: 12, sm: 6 } as const;

/**
 * The sign-up form (docs/PRODUCT.md §5 "Sign-up"): a family's or a teacher's account, checked by the domain's
 * registerSchema as the server checks it, a mismatched confirmation said as soon as both are typed; the teacher's
 * background and agreement once "Teacher account" is chosen (docs/PRODUCT.md §4 "Forms that follow what is typed");
 * the server's field errors on their fields; the challenge when the setting register_captcha asks for it, a new one
 * after each try. Once signed up, to the address an expired session came from, else /profile.
 */
export const RegisterForm = () => {
  const { translate, locale, notify, signedIn } = useSignInEnv();
  const { busy, run } = useBusyRunner(notify);
  const form = useSchemaForm((schemas) => schemas.registerSchema, EMPTY, [EMAILS_MATCH, PASSWORDS_MATCH]);
  // 0: no challenge (sign-up asks for it only when the setting register_captcha is on); then a new one after each try
  const [challengeRound, setChallengeRound] = useState(0);
  const teacher = Number(form.values.type) === USER_TYPE.teacher;
  const agreed = form.values.agreement === true;
  const bound = (field: string): BoundField => form.fieldProps(field, translate);
  const birthdateProps = useMemo(() => ({ inputLabel: { shrink: true }, htmlInput: { max: today() } }), []);

  // the account type chosen before the page was hydrated (the prerendered page shows its choices at once, and
  // React, hydrating them, keeps the one ticked without telling the form), as the text fields (form.ts)
  const typeChoices = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const ticked = typeChoices.current?.querySelector<HTMLInputElement>('input:checked');
    if (ticked && Number(ticked.value) !== EMPTY.type) form.setValue('type', Number(ticked.value));
  }, []); // eslint-disable-line react-hooks/exhaustive-deps -- once, when the choices are first in the page

  const submit = form.submit(async (parsed) => {
    const errors = await run(async () => {
      await authProvider.register(parsed);
      await signedIn('/profile');
    });
    if (errors?.captcha || challengeRound > 0) setChallengeRound((r) => r + 1);
    if (!errors || challengeRound > 0) return errors;
    // no challenge was shown: the notification says it is asked for, and the box appears
    const { captcha: _asked, ...others } = errors;
    return others;
  });

  return (
    <form onSubmit={submit} noValidate>
      <FormControl component="fieldset" margin="dense">
        <FormLabel component="legend">{translate('app.register.accountType')}</FormLabel>
        <RadioGroup
          ref={typeChoices}
          row
          name="type"
          value={String(form.values.type)}
          onChange={(event) => form.setValue('type', Number(event.target.value))}
        >
          <FormControlLabel
            value={String(USER_TYPE.family)}
            control={<Radio />}
            label={translate('app.register.family')}
          />
          <FormControlLabel
            value={String(USER_TYPE.teacher)}
            control={<Radio />}
            label={translate('app.register.teacher')}
          />
        </RadioGroup>
      </FormControl>
      <Typography variant="h6" component="h2" gutterBottom>
        {translate('app.register.personal')}
      </Typography>
      <Grid container columnSpacing={2}>
        <Grid size={half}>
          <Field {...bound('name')} label={translate(label('name'))} autoComplete="name" />
        </Grid>
        <Grid size={half}>
          <CodeSelectField
            key={teacher ? 't' : 'f'}
            codes={teacher ? TEACHER_GENDERS : FAMILY_GENDERS}
            label={translate(label('gender'))}
            bound={bound('gender')}
          />
        </Grid>
        <Grid size={half}>
          <Field {...bound('email')} type="email" label={translate(label('email'))} autoComplete="email" />
        </Grid>
        <Grid size={half}>
          <Field
            {...bound('confirm_email')}
            type="email"
            label={translate(label('confirm_email'))}
            autoComplete="off"
          />
        </Grid>
        <Grid size={half}>
          <NewPasswordField {...bound('password')} label={translate(label('password'))} />
        </Grid>
        <Grid size={half}>
          <PasswordField
            {...bound('confirm_password')}
            label={translate(label('confirm_password'))}
            autoComplete="new-password"
          />
        </Grid>
        <Grid size={half}>
          <CountryField label={translate(label('country'))} bound={bound('country')} setValue={form.setValue} />
        </Grid>
        <Grid size={half}>
          <Field {...bound('city')} label={translate(label('city'))} />
        </Grid>
        <Grid size={half}>
          <Field {...bound('birthdate')} type="date" label={translate(label('birthdate'))} slotProps={birthdateProps} />
        </Grid>
        <Grid size={half}>
          <Field {...bound('mobile_no')} type="tel" label={translate(label('mobile_no'))} autoComplete="tel" />
        </Grid>
      </Grid>
      {teacher ? (
        <>
          <Divider sx={{ my: 2 }} />
          <Typography variant="h6" component="h2" gutterBottom>
            {translate('app.register.professional')}
          </Typography>
          <Grid container columnSpacing={2}>
            {TEACHER_CODES.slice(0, 1).map(([field, codes]) => (
              <Grid size={half} key={field}>
                <CodeSelectField codes={codes} label={translate(label(field))} bound={bound(field)} />
              </Grid>
            ))}
            {TEACHER_TEXTS.map((field) => (
              <Grid size={half} key={field}>
                <Field {...bound(field)} label={translate(label(field))} />
              </Grid>
            ))}
            {TEACHER_CODES.slice(1).map(([field, codes]) => (
              <Grid size={half} key={field}>
                <CodeSelectField codes={codes} label={translate(label(field))} bound={bound(field)} />
              </Grid>
            ))}
          </Grid>
          <CheckboxField
            name="agreement"
            label={translate('app.register.agreement')}
            checked={agreed}
            onChange={(checked) => form.setValue('agreement', checked)}
            onBlur={() => form.touch('agreement')}
            error={form.errorOf('agreement')}
          />
        </>
      ) : null}
      {challengeRound > 0 ? (
        <ChallengeWidget
          round={challengeRound}
          locale={locale}
          translate={translate}
          onChange={(solution) => form.setValue('captcha', solution)}
          error={form.errorOf('captcha')}
        />
      ) : null}
      <Stack direction="row" spacing={2} sx={{ mt: 2, alignItems: 'center', flexWrap: 'wrap' }}>
        {/* a teacher may sign up only once the agreement is ticked (docs/PRODUCT.md §4 "Forms that follow what is typed") */}
        <SubmitButton busy={busy} disabled={teacher && !agreed}>
          {translate('app.register.submit')}
        </SubmitButton>
        <Box component="p" sx={{ typography: 'body2', m: 0 }}>
          {translate('app.register.haveAccount')} <PageLink to="/login">{translate('app.register.login')}</PageLink>
        </Box>
      </Stack>
    </form>
  );
};
