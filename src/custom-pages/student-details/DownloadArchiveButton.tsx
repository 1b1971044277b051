import { Button } from '@mui/material';
import ArchiveIcon from '@mui/icons-material/Archive';
import { useDataProvider, useLocaleState, useTranslate } from 'react-admin';
import type { AppDataProvider } from '../../dataProvider';
import { useBusyAction } from '../../hooks/useBusyAction';

/**
 * The family downloads everything held about its child as one zip, its summary in the console's language
 * (GET /children/{id}/archive?lang=, docs/API.md "Users"). Shown to the child's own family only: the server answers
 * anyone else 404. Its name is the text it shows (WCAG 2.5.3 Label in Name); the help, its title, describes it.
 */
export const DownloadArchiveButton = ({ child }: { child: { id: number; name: string } }) => {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const dataProvider = useDataProvider<AppDataProvider>();
  const { busy, run } = useBusyAction();
  return (
    <Button
      variant="outlined"
      startIcon={<ArchiveIcon />}
      disabled={busy}
      title={translate('app.studentDetails.archiveHelp', { name: child.name })}
      onClick={() => void run(() => dataProvider.downloadChildArchive(child.id, child.name, locale))}
    >
      {translate('app.studentDetails.archive')}
    </Button>
  );
};
