import BlockIcon from '@mui/icons-material/Block';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import { type Identifier, useRecordContext } from 'react-admin';
import { USER_STATUS } from '../../domain/codes';
import type { AppDataProvider } from '../dataProvider';
import { RecordActionButton } from './RecordActionButton';

/** Activate or deactivate the current account (removed 0 is active) through `setActive`. */
export const ActiveToggleButton = ({
  setActive,
}: {
  setActive: (dataProvider: AppDataProvider, id: Identifier, active: boolean) => Promise<unknown>;
}) => {
  const record = useRecordContext();
  if (!record) return null;
  const active = Number(record.removed ?? 0) === USER_STATUS.active;
  return (
    <RecordActionButton
      label={active ? 'app.users.deactivate' : 'app.users.activate'}
      icon={active ? <BlockIcon /> : <CheckCircleIcon />}
      color={active ? 'warning' : 'success'}
      successMessage={active ? 'app.users.deactivated' : 'app.users.activated'}
      action={(dataProvider, current) => setActive(dataProvider, current.id, !active)}
    />
  );
};
