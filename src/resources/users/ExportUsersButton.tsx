import DownloadIcon from '@mui/icons-material/Download';
import { Button, useLocaleState } from 'react-admin';
import { useExportJob } from '../../components/ExportProgress';
import { useBusyAction } from '../../hooks/useBusyAction';

/**
 * Downloads users.xlsx, headers in the user's language, as an export (POST /exports): at once when small, else
 * with its progress until the job has written it (docs/api/jobs.md "Exports as jobs").
 */
export const ExportUsersButton = () => {
  const [locale] = useLocaleState();
  const { busy, run } = useBusyAction();
  const exporting = useExportJob();
  return (
    <>
      <Button
        label="app.users.export"
        disabled={busy}
        onClick={() => void run(() => exporting.start({ kind: 'users', locale: locale as 'ar' | 'en' | 'de' | 'fr' }))}
      >
        <DownloadIcon />
      </Button>
      {exporting.dialog}
    </>
  );
};
