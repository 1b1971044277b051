import { useEffect, useRef, useState } from 'react';
import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  LinearProgress,
  Typography,
} from '@mui/material';
import DownloadIcon from '@mui/icons-material/Download';
import { useLocaleState, useNotify, useTranslate } from 'react-admin';
import { formatNumber } from '../../domain/format';
import type { ExportJobOut, ExportRequest } from '../../domain/schemas/jobs';
import { jobMethods } from '../dataProvider/jobs';

/** How often the progress of a running export is asked for. */
export const EXPORT_POLL_MS = 1000;

const errorKey = (e: unknown) => (e instanceof Error && e.message) || 'ra.notification.http_error';

/** An export's progress while a job writes it, and its file once done (docs/api/jobs.md "Exports as jobs"). */
export const ExportProgressDialog = ({
  job,
  onDownload,
  onClose,
}: {
  job: ExportJobOut;
  onDownload: () => void;
  onClose: () => void;
}) => {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const share = job.total > 0 ? Math.min(100, Math.round((100 * job.processed) / job.total)) : 0;
  const titleId = `export-${job.id}-title`;
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <DialogTitle id={titleId}>{translate('app.exports.title', { name: job.filename })}</DialogTitle>
      <DialogContent>
        {job.status === 'failed' ? (
          <Alert severity="error">{translate(job.error ?? 'app.exports.failed')}</Alert>
        ) : (
          <Box>
            <LinearProgress
              variant={job.status === 'pending' ? 'indeterminate' : 'determinate'}
              value={job.status === 'done' ? 100 : share}
              aria-label={translate('app.exports.progress')}
            />
            <Typography variant="body2" sx={{ mt: 1 }} role="status" aria-live="polite">
              {job.status === 'done'
                ? translate('app.exports.ready')
                : job.status === 'pending'
                  ? translate('app.exports.waiting')
                  : translate('app.exports.rows', {
                      processed: formatNumber(job.processed, locale),
                      total: formatNumber(job.total, locale),
                    })}
            </Typography>
            <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
              {translate('app.exports.kept')}
            </Typography>
          </Box>
        )}
      </DialogContent>
      <DialogActions>
        {job.status === 'done' && (
          <Button variant="contained" startIcon={<DownloadIcon />} onClick={onDownload}>
            {translate('app.exports.download')}
          </Button>
        )}
        <Button onClick={onClose}>{translate('ra.action.close')}</Button>
      </DialogActions>
    </Dialog>
  );
};

/**
 * Asks for an export (POST /exports): a small one comes done and is saved at once; a larger one is followed in a
 * dialog with its progress, and saved when done. `start` resolves once asked for; `dialog` is to be rendered.
 */
export const useExportJob = () => {
  const notify = useNotify();
  const [job, setJob] = useState<ExportJobOut | null>(null);
  const saved = useRef(new Set<number>());
  const save = (done: ExportJobOut) =>
    jobMethods.downloadExport(done).catch((e: unknown) => notify(errorKey(e), { type: 'error' }));

  useEffect(() => {
    if (!job || job.status === 'done' || job.status === 'failed') return;
    let stopped = false;
    const timer = setTimeout(() => {
      jobMethods
        .exportJob(job.id)
        .then((next) => {
          if (!stopped) setJob(next);
        })
        .catch((e: unknown) => {
          if (stopped) return;
          notify(errorKey(e), { type: 'error' });
          setJob(null);
        });
    }, EXPORT_POLL_MS);
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [job, notify]);

  useEffect(() => {
    if (job?.status !== 'done' || saved.current.has(job.id)) return;
    saved.current.add(job.id);
    void save(job);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per finished export
  }, [job]);

  const start = async (input: ExportRequest) => {
    const asked = await jobMethods.requestExport(input);
    if (asked.status === 'done') {
      saved.current.add(asked.id);
      await jobMethods.downloadExport(asked);
      return;
    }
    setJob(asked);
  };

  const dialog = job ? (
    <ExportProgressDialog job={job} onDownload={() => void save(job)} onClose={() => setJob(null)} />
  ) : null;
  return { start, dialog };
};
