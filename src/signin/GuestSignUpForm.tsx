import { useMemo, useState } from 'react';
import { Alert, Box, Button, CircularProgress, MenuItem, Stack, Typography } from '@mui/material';
import { ReportLinkField } from '../components/ReportLinkField';
import ContentCopyOutlined from '@mui/icons-material/ContentCopyOutlined';
import { AGE_GROUPS, GUEST_GENDERS } from '../../domain/codes';
import { translateGendered } from '../../domain/gender';
import { rememberGuestReport } from '../custom-pages/guests/guestReportLink';
import { saveSession } from '../session';
import { registerTestTaker } from './api';
import { useBusyRunner } from './busy';
import { useSignInEnv } from './env';
import { CodeSelectField, Field } from './fields';
import { useSchemaForm } from './form';
import { SubmitButton } from './SubmitButton';

const label = (field: string) => `app.exams.guest.${field}`;
const today = () => new Date().toISOString().slice(0, 10);

/** Every field of the sign-up, empty (none is required: domain/schemas/exams.ts tempRegisterSchema). */
const EMPTY = {
  name: '',
  gender: '' as number | string,
  age_group: '' as number | string,
  academic_number: '',
  mobile_no: '',
  birthdate: '',
  group_id: '' as number | string,
};

/** A teacher's group a pupil may be put in. */
export interface PupilGroup {
  id: number;
  name: string;
}

/**
 * After registering: the report link, shown once (copied with a notification), then the test, whose page
 * (/start-exam/1/<id>) is the public app's: the light app hands over to it (LightApp.tsx). Addressed to the learner in
 * their grammatical gender (domain/gender.ts).
 */
const Registered = ({ studentId, link, gender }: { studentId: number; link: string; gender: number | null }) => {
  const env = useSignInEnv();
  const translate = useMemo(() => translateGendered(env.translate, gender), [env.translate, gender]);
  // the test's page may have to download first (the light app hands over): the button says it is on its way
  const [starting, setStarting] = useState(false);
  return (
    <Stack spacing={2}>
      <Alert severity="success">{translate('app.exams.guest.registered')}</Alert>
      <Typography>{translate('app.exams.guest.keepLink')}</Typography>
      <Box sx={{ display: 'flex', gap: 1 }}>
        <ReportLinkField link={link} label={translate('app.exams.guest.reportLink')} />
        <Button
          startIcon={<ContentCopyOutlined />}
          onClick={() =>
            navigator.clipboard?.writeText(link).then(() => env.notify('app.exams.guest.copied', { type: 'info' }))
          }
        >
          {translate('app.exams.guest.copy')}
        </Button>
      </Box>
      <Button
        variant="contained"
        size="large"
        disabled={starting}
        startIcon={starting ? <CircularProgress size={18} aria-hidden /> : null}
        onClick={() => {
          setStarting(true);
          env.navigate(`/start-exam/1/${studentId}`);
        }}
      >
        {translate('app.exams.ui.start')}
      </Button>
    </Stack>
  );
};

/**
 * Signing up a test-taker (POST /temp/register, docs/PRODUCT.md §5 "Guest registration"), checked by the domain's
 * tempRegisterSchema as the server checks it, the server's field errors on their fields: a guest on their own
 * (/guest-register: academic number and mobile, none required), signed in at once; or, with `teacher`, a pupil a
 * signed-in teacher registers in class (/temp/register: birth date and one of the teacher's groups), the teacher
 * keeping their own session. Either way the report link is kept on the device (guestReportLink.ts). The light app's
 * page (GuestRegisterPage.tsx) and react-admin's (custom-pages/guests/) mount this same form.
 */
export const GuestSignUpForm = ({ teacher }: { teacher?: { groups: readonly PupilGroup[] } }) => {
  const { translate, notify } = useSignInEnv();
  const { busy, run } = useBusyRunner(notify);
  const form = useSchemaForm((schemas) => schemas.tempRegisterSchema, EMPTY);
  const [done, setDone] = useState<{ studentId: number; link: string; gender: number | null } | null>(null);
  const birthdateProps = useMemo(() => ({ inputLabel: { shrink: true }, htmlInput: { max: today() } }), []);

  if (done) return <Registered {...done} />;

  const submit = form.submit((parsed) =>
    run(async () => {
      const answer = await registerTestTaker(parsed);
      if (!teacher) saveSession(answer.access_token, answer.user);
      rememberGuestReport(answer.student.id, answer.report_link);
      setDone({ studentId: answer.student.id, link: answer.report_link, gender: answer.student.gender });
    }),
  );
  const bound = (field: string) => form.fieldProps(field, translate);

  return (
    <form onSubmit={submit} noValidate>
      <Stack spacing={0}>
        <Field {...bound('name')} label={translate(label('name'))} autoComplete="name" />
        <CodeSelectField codes={GUEST_GENDERS} label={translate(label('gender'))} bound={bound('gender')} />
        <CodeSelectField codes={AGE_GROUPS} label={translate(label('ageGroup'))} bound={bound('age_group')} />
        {teacher ? (
          <>
            <Field
              {...bound('birthdate')}
              type="date"
              label={translate(label('birthdate'))}
              slotProps={birthdateProps}
            />
            {teacher.groups.length > 0 && (
              <Field {...bound('group_id')} select label={translate(label('group'))}>
                <MenuItem
                  value=""
                  aria-label={translate('ra.action.clear_input_value')}
                  title={translate('ra.action.clear_input_value')}
                >
                  {'\u2003'}
                </MenuItem>
                {teacher.groups.map((group) => (
                  <MenuItem key={group.id} value={group.id}>
                    {group.name}
                  </MenuItem>
                ))}
              </Field>
            )}
          </>
        ) : (
          <>
            <Field {...bound('academic_number')} label={translate(label('academicNumber'))} />
            <Field {...bound('mobile_no')} type="tel" label={translate(label('mobile'))} autoComplete="tel" />
          </>
        )}
        <SubmitButton busy={busy}>
          {busy ? translate('app.exams.ui.wait') : translate('app.exams.guest.submit')}
        </SubmitButton>
      </Stack>
    </form>
  );
};
