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
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import DownloadIcon from '@mui/icons-material/Download';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import { useNotify, useTranslate } from 'react-admin';
import { notifyError } from '../notifyError';

/** One wrong cell: spreadsheet row, column letter, field and message key. */
export interface ImportCell {
  row: number;
  column: string;
  field: string;
  key: string;
}

/** What the server answers for an upload (checked, or saved). */
export interface ImportAnswer {
  total: number;
  /** rows that can be saved now */
  valid: number;
  /** rows already there (skipped: the same file twice saves nobody twice) */
  existing: number;
  /** rows saved by this upload */
  enrolled: number;
  errors: ImportCell[];
  /** cells read as they are that cannot be what the person meant (a phone typed as a number): check them */
  warnings?: ImportCell[];
}

export type ImportRun = 'check' | 'all' | 'valid';

export interface ImportDialogProps {
  open: boolean;
  onClose: () => void;
  title: string;
  /** one help line under the title */
  help?: string;
  /** the template downloads offered (label already translated) */
  templates: { label: string; download: () => Promise<void> }[];
  /** sends the file: 'check' saves nothing, 'all' saves only when no row is wrong, 'valid' saves the valid rows */
  upload: (file: File, run: ImportRun, onProgress: (percent: number) => void) => Promise<ImportAnswer>;
  /** the column's name for the error table (the template header in the user's language) */
  columnLabel: (field: string) => string;
  onImported?: (answer: ImportAnswer) => void;
  /** i18n keys of the two save buttons (e.g. "Enrol all", "Enrol the valid rows only"); `saveValid` gets smart_count */
  labels?: { saveAll: string; saveValid: string };
}

/** A refused "save all" answers 400 with the same report: show it rather than lose it. */
const reportOf = (error: unknown): ImportAnswer | undefined => {
  const body = (error as { body?: Partial<ImportAnswer> } | undefined)?.body;
  return body && Array.isArray(body.errors) && typeof body.total === 'number' ? (body as ImportAnswer) : undefined;
};

/** A table of cells (row, column, the message in the user's language): the wrong ones, or the ones to check. */
const CellTable = ({
  cells,
  label,
  columnLabel,
}: {
  cells: ImportCell[];
  label: string;
  columnLabel: (field: string) => string;
}) => {
  const translate = useTranslate();
  return (
    <TableContainer sx={{ maxHeight: 320 }}>
      <Table size="small" stickyHeader aria-label={label}>
        <TableHead>
          <TableRow>
            <TableCell>{translate('app.importDialog.row')}</TableCell>
            <TableCell>{translate('app.importDialog.column')}</TableCell>
            <TableCell>{translate('app.importDialog.problem')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {cells.map((e) => (
            <TableRow key={`${e.row}-${e.field}-${e.key}`}>
              <TableCell>{e.row}</TableCell>
              <TableCell>{`${e.column} — ${columnLabel(e.field)}`}</TableCell>
              <TableCell>{translate(e.key, { _: e.key })}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
};

/**
 * Import from a spreadsheet (as react-admin's CRM imports contacts): the
 * template, the file, a progress bar while it goes up and is checked, every
 * wrong cell by row and column in the user's language, then "save all"
 * (only when nothing is wrong) or "save the valid rows only".
 */
const DEFAULT_LABELS = { saveAll: 'app.importDialog.saveAll', saveValid: 'app.importDialog.saveValid' };

export const ImportDialog = ({
  open,
  onClose,
  title,
  help,
  templates,
  upload,
  columnLabel,
  onImported,
  labels = DEFAULT_LABELS,
}: ImportDialogProps) => {
  const translate = useTranslate();
  const notify = useNotify();
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File>();
  const [busy, setBusy] = useState(false);
  const [progress, setProgress] = useState(0);
  const [checked, setChecked] = useState<ImportAnswer>();
  const [done, setDone] = useState<ImportAnswer>();

  const reset = () => {
    setFile(undefined);
    setChecked(undefined);
    setDone(undefined);
    setProgress(0);
    if (input.current) input.current.value = '';
  };
  const close = () => {
    reset();
    onClose();
  };

  const send = async (chosen: File, run: ImportRun) => {
    setBusy(true);
    setProgress(0);
    try {
      const answer = await upload(chosen, run, setProgress);
      if (run === 'check') setChecked(answer);
      else {
        setDone(answer);
        setChecked(undefined);
        notify('app.importDialog.saved', { type: 'success', messageArgs: { smart_count: answer.enrolled } });
        onImported?.(answer);
      }
    } catch (error) {
      const report = reportOf(error);
      if (report) setChecked(report);
      notifyError(notify, error);
    } finally {
      setBusy(false);
    }
  };

  const choose = (chosen: File | undefined) => {
    setChecked(undefined);
    setDone(undefined);
    setFile(chosen);
    if (chosen) void send(chosen, 'check');
  };

  const errors = checked?.errors ?? [];
  const warnings = checked?.warnings ?? [];
  const wrongRows = new Set(errors.map((e) => e.row)).size;
  return (
    <Dialog
      open={open}
      onClose={busy ? undefined : close}
      fullWidth
      maxWidth="md"
      aria-labelledby="import-dialog-title"
    >
      <DialogTitle id="import-dialog-title">{title}</DialogTitle>
      <DialogContent dividers>
        {help && (
          <Typography variant="body2" gutterBottom>
            {help}
          </Typography>
        )}
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center', my: 2 }}>
          {templates.map((t) => (
            <Button
              key={t.label}
              startIcon={<DownloadIcon />}
              onClick={() => t.download().catch((e) => notifyError(notify, e))}
            >
              {t.label}
            </Button>
          ))}
          <Button
            variant="outlined"
            startIcon={<UploadFileIcon />}
            onClick={() => input.current?.click()}
            disabled={busy}
          >
            {translate('app.importDialog.chooseFile')}
          </Button>
          <input
            ref={input}
            type="file"
            hidden
            data-testid="import-file"
            aria-label={translate('app.importDialog.chooseFile')}
            accept=".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
            onChange={(e) => choose(e.target.files?.[0])}
          />
          <Typography variant="body2" dir="auto">
            {file?.name ?? translate('app.importDialog.noFile')}
          </Typography>
        </Stack>
        {busy && (
          <Box sx={{ my: 2 }}>
            <Typography variant="body2" gutterBottom>
              {progress < 100
                ? translate('app.importDialog.uploading', { percent: progress })
                : translate('app.importDialog.checking')}
            </Typography>
            <LinearProgress
              variant={progress < 100 ? 'determinate' : 'indeterminate'}
              value={progress}
              aria-label={translate('app.importDialog.progress')}
            />
          </Box>
        )}
        {done && (
          <Alert severity="success" role="status">
            {translate('app.importDialog.doneSummary', { smart_count: done.enrolled, existing: done.existing })}
          </Alert>
        )}
        {checked && (
          <Stack spacing={1}>
            <Alert severity={errors.length ? 'warning' : 'info'} role="status">
              {translate('app.importDialog.checkSummary', {
                smart_count: checked.total,
                valid: checked.valid,
                existing: checked.existing,
                wrong: wrongRows,
              })}
            </Alert>
            {errors.length > 0 && (
              <CellTable cells={errors} label={translate('app.importDialog.errorsTable')} columnLabel={columnLabel} />
            )}
            {warnings.length > 0 && (
              <>
                <Alert severity="warning" role="status">
                  {translate('app.importDialog.warningsSummary', { smart_count: warnings.length })}
                </Alert>
                <CellTable
                  cells={warnings}
                  label={translate('app.importDialog.warningsTable')}
                  columnLabel={columnLabel}
                />
              </>
            )}
          </Stack>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={close} disabled={busy}>
          {translate('ra.action.close')}
        </Button>
        <Button onClick={() => file && send(file, 'valid')} disabled={!file || busy || !checked || checked.valid === 0}>
          {translate(labels.saveValid, { smart_count: checked?.valid ?? 0 })}
        </Button>
        <Button
          variant="contained"
          onClick={() => file && send(file, 'all')}
          disabled={!file || busy || !checked || errors.length > 0 || checked.valid === 0}
        >
          {translate(labels.saveAll)}
        </Button>
      </DialogActions>
    </Dialog>
  );
};
