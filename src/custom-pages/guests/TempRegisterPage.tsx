import { useEffect, useState } from 'react';
import { Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { PublicShell } from '../../components/PublicShell';
import { examMethods } from '../../dataProvider/exams';
import { getToken } from '../../session';
import { type PupilGroup, GuestSignUpForm } from '../../signin/GuestSignUpForm';
import { InReactAdmin } from '../login/adminEnv';

/**
 * /temp/register — a teacher signs a test-taker up on the spot (open address): signed in, with the pupil's birth date
 * and one of the teacher's groups to put them in; else as a guest signs up. The form is the guests' own
 * (src/signin/GuestSignUpForm.tsx).
 */
const TempRegisterPage = () => {
  const translate = useTranslate();
  const signedIn = !!getToken();
  const [groups, setGroups] = useState<PupilGroup[]>([]);
  useEffect(() => {
    if (signedIn)
      examMethods
        .examGroups()
        .then((r) => setGroups(r.groups))
        .catch(() => setGroups([]));
  }, [signedIn]);
  return (
    <PublicShell title={translate('app.exams.guest.tempTitle')}>
      <Typography sx={{ mb: 2 }}>{translate('app.exams.guest.tempIntro')}</Typography>
      <InReactAdmin>
        <GuestSignUpForm teacher={signedIn ? { groups } : undefined} />
      </InReactAdmin>
    </PublicShell>
  );
};

export default TempRegisterPage;
