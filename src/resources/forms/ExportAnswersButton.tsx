import DownloadIcon from '@mui/icons-material/Download';
import { Button, useDataProvider, useLocaleState, useRecordContext } from 'react-admin';
import type { AppDataProvider } from '../../dataProvider';
import { useBusyAction } from '../../hooks/useBusyAction';
import { saveBlob } from '../../http';

/** Every answer of the form as an xlsx file, its questions and choices in the user's language. */
export const ExportAnswersButton = () => {
  const form = useRecordContext();
  const dataProvider = useDataProvider<AppDataProvider>();
  const [locale] = useLocaleState();
  const { busy, run } = useBusyAction();
  if (!form) return null;
  const onClick = () =>
    run(async () => {
      saveBlob(await dataProvider.exportFormAnswers(form.id, locale), `form-${form.id}-answers.xlsx`);
    });
  return (
    <Button label="app.forms.export" onClick={onClick} disabled={busy}>
      <DownloadIcon />
    </Button>
  );
};
