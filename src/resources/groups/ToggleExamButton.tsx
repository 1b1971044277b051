import { useState } from 'react';
import { Button, useDataProvider, useNotify, useRecordContext, useRefresh } from 'react-admin';
import QuizIcon from '@mui/icons-material/Quiz';
import type { AppDataProvider } from '../../dataProvider';

/**
 * Switches the group exam on or off (POST /groups/{id}/toggle) with the
 * exact messages of docs/PRODUCT.md §8 "Group exam switch messages": the success text, or on any failure
 * 'Failed to update the group exam status. Please try again.'
 */
export const ToggleExamButton = () => {
  const record = useRecordContext();
  const dataProvider = useDataProvider<AppDataProvider>();
  const notify = useNotify();
  const refresh = useRefresh();
  const [busy, setBusy] = useState(false);
  if (!record) return null;
  const toggle = async () => {
    setBusy(true);
    try {
      await dataProvider.toggleGroupExam(record.id);
      notify('app.teaching.groupExamUpdated', { type: 'success' });
      refresh();
    } catch {
      notify('app.teaching.groupExamFailed', { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button
      label={record.disabled ? 'app.groups.enableExam' : 'app.groups.disableExam'}
      onClick={toggle}
      disabled={busy}
      color={record.disabled ? 'success' : 'warning'}
    >
      <QuizIcon />
    </Button>
  );
};
