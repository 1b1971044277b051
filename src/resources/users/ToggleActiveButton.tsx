import { useState } from 'react';
import BlockIcon from '@mui/icons-material/Block';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import { Button, useDataProvider, useNotify, useRecordContext, useRefresh } from 'react-admin';
import { USER_STATUS } from '../../../domain/codes';
import type { AppDataProvider } from '../../dataProvider';
import { notifyError } from '../../notifyError';

/** Activate or deactivate an account (POST /users/activate|deactivate/{id}). */
export const ToggleActiveButton = () => {
  const record = useRecordContext();
  const dataProvider = useDataProvider<AppDataProvider>();
  const notify = useNotify();
  const refresh = useRefresh();
  const [busy, setBusy] = useState(false);
  if (!record) return null;
  const active = Number(record.removed ?? 0) === USER_STATUS.active;

  const toggle = async (event: React.MouseEvent) => {
    event.stopPropagation();
    setBusy(true);
    try {
      await (active ? dataProvider.deactivateUser(record.id) : dataProvider.activateUser(record.id));
      notify(active ? 'app.users.deactivated' : 'app.users.activated', { type: 'success' });
      refresh();
    } catch (error) {
      notifyError(notify, error);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Button
      label={active ? 'app.users.deactivate' : 'app.users.activate'}
      onClick={toggle}
      disabled={busy}
      color={active ? 'warning' : 'success'}
    >
      {active ? <BlockIcon /> : <CheckCircleIcon />}
    </Button>
  );
};
