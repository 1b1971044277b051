import VisibilityIcon from '@mui/icons-material/Visibility';
import VisibilityOffIcon from '@mui/icons-material/VisibilityOff';
import { GROUP_STATUS } from '../../../domain/codes';
import { RecordActionButton } from '../../components/RecordActionButton';
import { useRecordContext } from 'react-admin';

/** Hide (status 3) or show again (status 1) a group. */
export const HideGroupButton = () => {
  const record = useRecordContext();
  if (!record) return null;
  const hidden = record.status === GROUP_STATUS.hidden;
  return (
    <RecordActionButton
      label={hidden ? 'app.groups.show' : 'app.groups.hide'}
      icon={hidden ? <VisibilityIcon /> : <VisibilityOffIcon />}
      color="primary"
      successMessage="app.notify.statusChanged"
      action={(dataProvider, r) =>
        dataProvider.setGroupStatus(r.id, hidden ? GROUP_STATUS.active : GROUP_STATUS.hidden)
      }
    />
  );
};
