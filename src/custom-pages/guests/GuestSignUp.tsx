import { useEffect, useState } from 'react';
import { Alert, Box, Button, CircularProgress, Stack, TextField, Typography } from '@mui/material';
import ContentCopyOutlined from '@mui/icons-material/ContentCopyOutlined';
import { DateInput, Form, SelectInput, TextInput, useNotify, useTranslate } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import { AGE_GROUPS, GUEST_GENDERS } from '../../../domain/codes';
import { tempRegisterSchema } from '../../../domain/schemas/exams';
import { CodeSelectInput } from '../../components/CodeSelectInput';
import { TypedBeforeHydration } from '../../components/TypedBeforeHydration';
import { examMethods } from '../../dataProvider/exams';
import { useBusyAction } from '../../hooks/useBusyAction';
import { getToken, saveSession, type SessionUser } from '../../session';
import { zodValidate } from '../../validation/zodValidate';
import { LearnerGenderProvider, useTranslateFor } from '../../i18n/gender';
import { rememberGuestReport } from './guestReportLink';

const validate = zodValidate(tempRegisterSchema);
const today = () => new Date().toISOString().slice(0, 10);

/** After registering: the guest's report link, shown once, then the test. */
const Registered = ({ studentId, link }: { studentId: number; link: string }) => {
  const translate = useTranslateFor();
  const notify = useNotify();
  const navigate = useNavigate();
  return (
    <Stack spacing={2}>
      <Alert severity="success">{translate('app.exams.guest.registered')}</Alert>
      <Typography>{translate('app.exams.guest.keepLink')}</Typography>
      <Box sx={{ display: 'flex', gap: 1 }}>
        <TextField
          fullWidth
          size="small"
          value={link}
          slotProps={{
            htmlInput: { readOnly: true, dir: 'ltr', 'aria-label': translate('app.exams.guest.reportLink') },
          }}
        />
        <Button
          startIcon={<ContentCopyOutlined />}
          onClick={() =>
            navigator.clipboard?.writeText(link).then(() => notify('app.exams.guest.copied', { type: 'info' }))
          }
        >
          {translate('app.exams.guest.copy')}
        </Button>
      </Box>
      <Button variant="contained" size="large" onClick={() => navigate(`/start-exam/1/${studentId}`)}>
        {translate('app.exams.ui.start')}
      </Button>
    </Stack>
  );
};

/**
 * Signing up a test-taker (POST /temp/register): a guest on their own
 * (/guest-register, no required field), or a pupil a signed-in teacher
 * registers in class, optionally into one of their groups (/temp/register).
 * A guest is signed in at once; a teacher keeps their own session.
 */
export const GuestSignUp = ({ withGroups }: { withGroups: boolean }) => {
  const translate = useTranslate();
  const { busy, run } = useBusyAction();
  const [done, setDone] = useState<{ studentId: number; link: string; gender: number | null } | null>(null);
  const [groups, setGroups] = useState<{ id: number; name: string }[]>([]);
  const teacher = withGroups && !!getToken();
  useEffect(() => {
    if (teacher)
      examMethods
        .examGroups()
        .then((r) => setGroups(r.groups))
        .catch(() => setGroups([]));
  }, [teacher]);
  if (done)
    return (
      <LearnerGenderProvider gender={done.gender}>
        <Registered studentId={done.studentId} link={done.link} />
      </LearnerGenderProvider>
    );
  const submit = (values: Record<string, unknown>) =>
    run(async () => {
      const answer = await examMethods.tempRegister(values);
      if (!teacher) saveSession(answer.access_token, answer.user as unknown as SessionUser);
      rememberGuestReport(answer.student.id, answer.report_link);
      setDone({ studentId: answer.student.id, link: answer.report_link, gender: answer.student.gender });
    });
  return (
    <Form onSubmit={submit} validate={validate} mode="onBlur">
      <Stack spacing={0}>
        <TextInput source="name" label="app.exams.guest.name" fullWidth />
        <CodeSelectInput source="gender" label="app.exams.guest.gender" codes={GUEST_GENDERS} fullWidth />
        <CodeSelectInput source="age_group" label="app.exams.guest.ageGroup" codes={AGE_GROUPS} fullWidth />
        {teacher ? (
          <>
            <DateInput
              source="birthdate"
              label="app.exams.guest.birthdate"
              fullWidth
              slotProps={{ htmlInput: { max: today() } }}
            />
            {groups.length > 0 && (
              <SelectInput source="group_id" label="app.exams.guest.group" choices={groups} fullWidth />
            )}
          </>
        ) : (
          <>
            <TextInput source="academic_number" label="app.exams.guest.academicNumber" fullWidth />
            <TextInput source="mobile_no" label="app.exams.guest.mobile" fullWidth />
          </>
        )}
        <TypedBeforeHydration />
        <Button
          type="submit"
          variant="contained"
          size="large"
          disabled={busy}
          startIcon={busy ? <CircularProgress size={18} aria-hidden /> : null}
        >
          {busy ? translate('app.exams.ui.wait') : translate('app.exams.guest.submit')}
        </Button>
      </Stack>
    </Form>
  );
};
