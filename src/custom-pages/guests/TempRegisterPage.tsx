import { Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { PublicShell } from '../../components/PublicShell';
import { GuestSignUp } from './GuestSignUp';

/** /temp/register — a teacher signs a test-taker up on the spot (open address; a signed-in teacher may choose a group). */
const TempRegisterPage = () => {
  const translate = useTranslate();
  return (
    <PublicShell title={translate('app.exams.guest.tempTitle')}>
      <Typography sx={{ mb: 2 }}>{translate('app.exams.guest.tempIntro')}</Typography>
      <GuestSignUp withGroups />
    </PublicShell>
  );
};

export default TempRegisterPage;
