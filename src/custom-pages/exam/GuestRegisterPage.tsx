import { useTranslate } from 'react-admin';
import { PublicShell } from '../../components/PublicShell';
import { GuestSignUp } from './GuestSignUp';

/** /guest-register — a guest signs up (guest fields of SPEC.md §3, none required) and goes to /start-exam/1/{id}. */
const GuestRegisterPage = () => {
  const translate = useTranslate();
  return (
    <PublicShell title={translate('app.exams.guest.title')}>
      <GuestSignUp withGroups={false} />
    </PublicShell>
  );
};

export default GuestRegisterPage;
