import { useTranslate } from 'react-admin';
import { PublicShell } from '../../components/PublicShell';
import { GuestSignUp } from './GuestSignUp';

/** /guest-register — a guest signs up (docs/PRODUCT.md §5 "Guest registration") and goes to /start-exam/1/{id}. */
const GuestRegisterPage = () => {
  const translate = useTranslate();
  return (
    <PublicShell title={translate('app.exams.guest.title')}>
      <GuestSignUp withGroups={false} />
    </PublicShell>
  );
};

export default GuestRegisterPage;
