import DownloadIcon from '@mui/icons-material/Download';
import { Button, useDataProvider, useLocaleState } from 'react-admin';
import type { AppDataProvider } from '../../dataProvider';
import { useBusyAction } from '../../hooks/useBusyAction';

/** Downloads users.xlsx (GET /users/export), headers in the user's language. */
export const ExportUsersButton = () => {
  const dataProvider = useDataProvider<AppDataProvider>();
  const [locale] = useLocaleState();
  const { busy, run } = useBusyAction();
  return (
    <Button label="app.users.export" disabled={busy} onClick={() => void run(() => dataProvider.exportUsers(locale))}>
      <DownloadIcon />
    </Button>
  );
};
