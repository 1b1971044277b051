import { useState } from 'react';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import { Button, useDataProvider, useLocaleState, useRefresh, useTranslate } from 'react-admin';
import type { TemplateKind } from '../../../domain/schools';
import { templateHeader } from '../../../domain/templates';
import { ImportDialog } from '../../components/ImportDialog';
import type { AppDataProvider } from '../../dataProvider';
import { saveBlob } from '../../http';

/**
 * Bulk enrolment of students or teachers from the school's template:
 * checked row by row first, then all rows (only when none is wrong) or the valid ones.
 */
export const SchoolImportButton = ({ kind, schoolId }: { kind: TemplateKind; schoolId?: number }) => {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const dataProvider = useDataProvider<AppDataProvider>();
  const refresh = useRefresh();
  const [open, setOpen] = useState(false);
  const template = (k: TemplateKind) => ({
    label: translate(`app.schools.import.template.${k}`),
    download: async () => saveBlob(await dataProvider.downloadSchoolTemplate(k, locale), 'template.xlsx'),
  });
  return (
    <>
      <Button label={`app.schools.import.open.${kind}`} onClick={() => setOpen(true)}>
        <UploadFileIcon />
      </Button>
      <ImportDialog
        open={open}
        onClose={() => setOpen(false)}
        title={translate(`app.schools.import.title.${kind}`)}
        help={translate(`app.schools.import.help.${kind}`)}
        templates={
          kind === 'students'
            ? [template('students'), template('teachers')]
            : [template('teachers'), template('students')]
        }
        upload={(file, run, onProgress) => dataProvider.importSchoolFile(kind, file, run, schoolId, onProgress)}
        columnLabel={(field) => templateHeader(kind, field, locale)}
        onImported={refresh}
        labels={{ saveAll: 'app.schools.import.enrolAll', saveValid: 'app.schools.import.enrolValid' }}
      />
    </>
  );
};
