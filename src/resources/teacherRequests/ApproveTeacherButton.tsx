import { useState } from 'react';
import CheckIcon from '@mui/icons-material/Check';
import CloseIcon from '@mui/icons-material/Close';
import { Button, useDataProvider, useNotify, useRecordContext, useRefresh } from 'react-admin';
import type { AppDataProvider } from '../../dataProvider';
import { notifyError } from '../../notifyError';

/** Approve (status 1) or refuse (status 0) a teacher waiting for approval: POST /users/add/{id}/{status}. */
export const ApproveTeacherButton = ({ approve = true }: { approve?: boolean }) => {
  const record = useRecordContext();
  const dataProvider = useDataProvider<AppDataProvider>();
  const notify = useNotify();
  const refresh = useRefresh();
  const [busy, setBusy] = useState(false);
  if (!record) return null;
  const decide = async () => {
    setBusy(true);
    try {
      await dataProvider.approveTeacher(record.id, approve);
      notify(approve ? 'app.teachers.approved' : 'app.teachers.refused', { type: 'success' });
      refresh();
    } catch (error) {
      notifyError(notify, error);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button label={approve ? 'app.teachers.approve' : 'app.teachers.refuse'} onClick={decide} disabled={busy} color={approve ? 'success' : 'warning'}>
      {approve ? <CheckIcon /> : <CloseIcon />}
    </Button>
  );
};
