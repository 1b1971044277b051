import { useRef, useState } from 'react';
import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  LinearProgress,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import DownloadIcon from '@mui/icons-material/Download';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import { useDataProvider, useLocaleState, useNotify, useTranslate } from 'react-admin';
import {
  type ImportCellError,
  type ImportResult,
  type SetOut,
  WORD_LANGUAGE_IDS,
  type WordLanguage,
} from '../../../domain/schemas/dictionary';
import type { AppDataProvider } from '../../dataProvider';
import { importCellErrors } from '../../dataProvider/dictionary';
import { saveBlob } from '../../http';
import { notifyError } from '../../notifyError';

interface ImportWordsDialogProps {
  set: SetOut;
  onClose: () => void;
  onImported: () => void;
}

/**
 * Import words from an xlsx file into a set (POST /category/import-words):
 * the template in the user's language, the file, then either what was added
 * or every wrong cell by row and column in the user's language (nothing is
 * saved then: the import is all or nothing).
 */
export const ImportWordsDialog = ({ set, onClose, onImported }: ImportWordsDialogProps) => {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const dataProvider = useDataProvider<AppDataProvider>();
  const notify = useNotify();
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File>();
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<ImportResult>();
  const [cells, setCells] = useState<ImportCellError[]>([]);
  const templateLocale: WordLanguage = (WORD_LANGUAGE_IDS as readonly string[]).includes(locale)
    ? (locale as WordLanguage)
    : 'en';

  const downloadTemplate = async () => {
    try {
      saveBlob(await dataProvider.downloadWordsTemplate(templateLocale), 'words-template.xlsx');
    } catch (e) {
      notifyError(notify, e);
    }
  };

  const submit = async () => {
    if (!file) return;
    setBusy(true);
    setResult(undefined);
    setCells([]);
    try {
      const answer = await dataProvider.importWords(set.id, file);
      setResult(answer);
      notify('app.scoring.wordsImported', { type: 'success' });
      onImported();
    } catch (e) {
      const rows = importCellErrors(e);
      if (rows.length) setCells(rows);
      notifyError(notify, e);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog open onClose={busy ? undefined : onClose} fullWidth maxWidth="md" aria-labelledby="import-words-title">
      <DialogTitle id="import-words-title">
        {translate('app.categoryManagement.importTitle', { name: set.name })}
      </DialogTitle>
      <DialogContent dividers>
        <Typography variant="body2" gutterBottom>
          {translate('app.categoryManagement.importHelp')}
        </Typography>
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center', my: 2 }}>
          <Button startIcon={<DownloadIcon />} onClick={downloadTemplate}>
            {translate('app.categoryManagement.downloadTemplate')}
          </Button>
          <Button
            variant="outlined"
            startIcon={<UploadFileIcon />}
            onClick={() => input.current?.click()}
            disabled={busy}
          >
            {translate('app.categoryManagement.chooseFile')}
          </Button>
          <input
            ref={input}
            type="file"
            hidden
            aria-label={translate('app.categoryManagement.chooseFile')}
            accept=".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
            onChange={(e) => {
              setFile(e.target.files?.[0]);
              setCells([]);
              setResult(undefined);
            }}
          />
          <Typography variant="body2" dir="auto">
            {file?.name ?? translate('app.categoryManagement.noFile')}
          </Typography>
        </Stack>
        {busy && <LinearProgress aria-label={translate('app.categoryManagement.importing')} />}
        {result && (
          <Alert severity="success">
            {translate('app.categoryManagement.importResult', {
              words: result.words_added,
              unchanged: result.words_unchanged,
              categories: result.categories_created,
              subcategories: result.subcategories_created,
            })}
          </Alert>
        )}
        {cells.length > 0 && (
          <Box>
            <Alert severity="error" sx={{ mb: 1 }}>
              {translate('app.categoryManagement.importErrors', { smart_count: cells.length })}
            </Alert>
            <Table size="small" aria-label={translate('app.categoryManagement.importErrorsTable')}>
              <TableHead>
                <TableRow>
                  <TableCell>{translate('app.categoryManagement.row')}</TableCell>
                  <TableCell>{translate('app.categoryManagement.column')}</TableCell>
                  <TableCell>{translate('app.categoryManagement.problem')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {cells.map((c) => (
                  <TableRow key={`${c.row}-${c.field}`}>
                    <TableCell>{c.row}</TableCell>
                    <TableCell>{`${c.column} (${translate(`app.categoryManagement.fields.${c.field}`, { _: c.field })})`}</TableCell>
                    <TableCell>{translate(c.key, { _: c.key })}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </Box>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>
          {translate('ra.action.close')}
        </Button>
        <Button variant="contained" onClick={submit} disabled={!file || busy}>
          {translate('app.categoryManagement.import')}
        </Button>
      </DialogActions>
    </Dialog>
  );
};
