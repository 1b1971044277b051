import { useState } from 'react';
import {
  Alert,
  Box,
  Button,
  Chip,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TablePagination,
  TableRow,
  Typography,
} from '@mui/material';
import ReplayIcon from '@mui/icons-material/Replay';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Loading, Title, useLocaleState, useNotify, useTranslate } from 'react-admin';
import { formatDateTime, formatNumber } from '../../../domain/format';
import type { BackgroundJobOut } from '../../../domain/schemas/jobs';
import { jobMethods } from '../../dataProvider/jobs';
import { useBusyAction } from '../../hooks/useBusyAction';

const PAGE_SIZE = 25;

/** A duration in the reader's language: seconds, minutes or hours. */
const useDurationText = () => {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  return (seconds: number | null) => {
    if (seconds === null) return '';
    if (seconds < 120) return translate('app.jobs.seconds', { n: formatNumber(seconds, locale) });
    if (seconds < 7200) return translate('app.jobs.minutes', { n: formatNumber(Math.round(seconds / 60), locale) });
    return translate('app.jobs.hours', { n: formatNumber(Math.round(seconds / 360) / 10, locale) });
  };
};

/** A moment in the reader's language and time zone. */
const useTimeText = () => {
  const [locale] = useLocaleState();
  return (iso: string | null) => (iso ? formatDateTime(iso, locale) : '');
};

/** The retry of a failed job (POST /background-jobs/{id}/retry); a running job has none. */
const RetryButton = ({ job, onDone }: { job: BackgroundJobOut; onDone: () => void }) => {
  const translate = useTranslate();
  const notify = useNotify();
  const { busy, run } = useBusyAction();
  return (
    <Button
      size="small"
      variant="outlined"
      startIcon={<ReplayIcon />}
      disabled={busy}
      aria-label={translate('app.jobs.retryOne', { queue: job.queue, id: job.id })}
      onClick={() =>
        void run(async () => {
          const answer = await jobMethods.retryBackgroundJob(job.id);
          notify(answer.key, { type: 'success' });
          onDone();
        })
      }
    >
      {translate('app.jobs.retry')}
    </Button>
  );
};

/** The table of jobs: one row each, scrolling sideways on a phone. */
const JobTable = ({ jobs, onChanged }: { jobs: BackgroundJobOut[]; onChanged: () => void }) => {
  const translate = useTranslate();
  const durationText = useDurationText();
  const timeText = useTimeText();
  return (
    <TableContainer sx={{ overflowX: 'auto' }}>
      <Table size="small" aria-label={translate('app.menu.backgroundJobs')}>
        <TableHead>
          <TableRow>
            <TableCell>{translate('app.jobs.columns.queue')}</TableCell>
            <TableCell>{translate('app.jobs.columns.state')}</TableCell>
            <TableCell>{translate('app.jobs.columns.tries')}</TableCell>
            <TableCell>{translate('app.jobs.columns.started')}</TableCell>
            <TableCell>{translate('app.jobs.columns.duration')}</TableCell>
            <TableCell>{translate('app.jobs.columns.error')}</TableCell>
            <TableCell>{translate('app.jobs.columns.action')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {jobs.map((job) => (
            <TableRow key={job.id} data-testid="background-job">
              <TableCell>
                <Typography variant="body2">{translate(`app.jobs.queues.${job.queue}`, { _: job.queue })}</Typography>
                <Typography variant="caption" color="text.secondary" dir="ltr" sx={{ fontFamily: 'monospace' }}>
                  {job.queue} · {job.id}
                </Typography>
              </TableCell>
              <TableCell>
                <Chip
                  size="small"
                  color={job.state === 'failed' ? 'error' : 'warning'}
                  label={translate(`app.jobs.states.${job.state}`)}
                />
              </TableCell>
              <TableCell>{translate('app.jobs.triesOf', { tries: job.tries, max: job.max_tries })}</TableCell>
              <TableCell>
                {job.started_at
                  ? timeText(job.started_at)
                  : translate('app.jobs.createdAt', { time: timeText(job.created_at) })}
              </TableCell>
              <TableCell>{durationText(job.duration_seconds)}</TableCell>
              <TableCell sx={{ maxWidth: 360, overflowWrap: 'anywhere' }}>
                {job.error ? (
                  <Typography variant="body2" dir="ltr" component="span">
                    {job.error}
                  </Typography>
                ) : (
                  ''
                )}
              </TableCell>
              <TableCell>
                {job.state === 'failed' ? (
                  <RetryButton job={job} onDone={onChanged} />
                ) : (
                  <Typography variant="body2" color="text.secondary">
                    {translate('app.jobs.running')}
                  </Typography>
                )}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
};

/**
 * /background-jobs — the platform admin's failed and long-running background jobs (GET /background-jobs,
 * docs/api/jobs.md "Failed and long jobs"): queue, state, tries, start, duration and error, never a job's data;
 * a failed job can be sent again; a long-running one is only shown (pg-boss gives the job of a process that died to
 * another once it expires).
 */
const BackgroundJobsPage = () => {
  const translate = useTranslate();
  const queryClient = useQueryClient();
  const [page, setPage] = useState(0);
  const { data, error, isPending } = useQuery({
    queryKey: ['background-jobs', page],
    queryFn: () => jobMethods.backgroundJobs({ limit: PAGE_SIZE, offset: page * PAGE_SIZE }),
  });
  const title = translate('app.menu.backgroundJobs');
  // 403 and 404 are shown by the page boundary (src/queryClient.ts); any other failure says what went wrong
  if (error) return <Alert severity="error">{translate(error.message || 'ra.notification.http_error')}</Alert>;
  if (isPending) return <Loading />;
  const refresh = () => void queryClient.invalidateQueries({ queryKey: ['background-jobs'] });
  return (
    <Box sx={{ py: 2 }}>
      <Title title={title} />
      <Typography variant="h5" component="h1" gutterBottom>
        {title}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {translate('app.jobs.help', {
          days: data.failed_kept_days,
          minutes: Math.round(data.long_running_after_seconds / 60),
        })}
      </Typography>
      <Button size="small" onClick={refresh} sx={{ mb: 1 }}>
        {translate('ra.action.refresh')}
      </Button>
      {data.jobs.length === 0 ? (
        <Alert severity="success">{translate('app.jobs.none')}</Alert>
      ) : (
        <>
          <JobTable jobs={data.jobs} onChanged={refresh} />
          <TablePagination
            component="div"
            count={data.count}
            page={page}
            rowsPerPage={PAGE_SIZE}
            rowsPerPageOptions={[PAGE_SIZE]}
            onPageChange={(_, next) => setPage(next)}
          />
        </>
      )}
    </Box>
  );
};

export default BackgroundJobsPage;
