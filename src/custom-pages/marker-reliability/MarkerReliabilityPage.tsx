import { useState } from 'react';
import { Alert, Box, Button, MenuItem, Stack, TextField, Typography } from '@mui/material';
import DownloadIcon from '@mui/icons-material/Download';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { Loading, Title, useDataProvider, useLocaleState, useNotify, useTranslate } from 'react-admin';
import type { AppDataProvider } from '../../dataProvider';
import type { ReliabilityCohort } from '../../dataProvider/reliability';
import { notifyError } from '../../notifyError';
import { useTestLabel } from '../marking/labels';
import { AgreementTable } from './AgreementTable';
import { MarkersTable } from './MarkersTable';
import { AgreementChart, DeviationChart } from './ReliabilityCharts';

/**
 * Marker reliability (admin_neomi, /marking-admin/reliability; docs/RELIABILITY.md): for a cohort of double-marked
 * tests (GET /marking/reliability/cohorts, the one with the most tests first chosen), the agreement per criterion
 * (ICC(2,1) and weighted kappa with 95 % intervals, as a table and a chart) and each marker's mean deviation from
 * the consensus with the drifting ones flagged (GET /marking/reliability), and the same as a spreadsheet
 * (GET /marking/reliability/export).
 */
const MarkerReliabilityPage = () => {
  const translate = useTranslate();
  const dataProvider = useDataProvider<AppDataProvider>();
  const [locale] = useLocaleState();
  const notify = useNotify();
  const testLabel = useTestLabel();
  const [chosen, setChosen] = useState<string | null>(null);
  const [downloading, setDownloading] = useState(false);
  const cohorts = useQuery({ queryKey: ['reliability', 'cohorts'], queryFn: () => dataProvider.reliabilityCohorts() });
  const list = cohorts.data ?? [];
  const busiest = [...list].sort((a, b) => b.double_marked - a.double_marked)[0];
  const cohort = chosen ?? busiest?.id ?? null;
  const report = useQuery({
    queryKey: ['reliability', 'report', cohort],
    queryFn: () => dataProvider.reliabilityReport(cohort!),
    enabled: !!cohort,
  });
  const title = translate('app.reliability.title');
  const label = (c: ReliabilityCohort) =>
    translate('app.reliability.cohortOption', {
      test: testLabel(c),
      year: c.label,
      count: translate('app.reliability.doubleMarked', { smart_count: c.double_marked }),
    });
  const download = async () => {
    setDownloading(true);
    try {
      await dataProvider.exportReliability(cohort!, locale);
    } catch (error) {
      notifyError(notify, error);
    } finally {
      setDownloading(false);
    }
  };
  const error = (cohorts.error ?? report.error) as Error | null;

  return (
    <Box sx={{ py: 2 }}>
      <Title title={title} />
      <Button
        component={Link}
        to="/marking-admin"
        size="small"
        startIcon={<ArrowBackIcon sx={{ transform: (t) => (t.direction === 'rtl' ? 'scaleX(-1)' : undefined) }} />}
        sx={{ mb: 1 }}
      >
        {translate('app.reliability.back')}
      </Button>
      <Typography variant="h5" component="h1" gutterBottom>
        {title}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {translate('app.reliability.help')}
      </Typography>
      {error && <Alert severity="error">{translate(error.message, { _: error.message })}</Alert>}
      {cohorts.isPending ? (
        <Loading />
      ) : !list.length ? (
        <Alert severity="info">{translate('app.reliability.none')}</Alert>
      ) : (
        <>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mb: 2, alignItems: { sm: 'center' } }}>
            <TextField
              select
              size="small"
              label={translate('app.reliability.cohort')}
              value={cohort ?? ''}
              onChange={(e) => setChosen(e.target.value)}
              sx={{ minWidth: { sm: 360 } }}
            >
              {list.map((c) => (
                <MenuItem key={c.id} value={c.id}>
                  {label(c)}
                </MenuItem>
              ))}
            </TextField>
            <Button
              variant="outlined"
              startIcon={<DownloadIcon />}
              onClick={download}
              disabled={!report.data || downloading}
              loading={downloading}
            >
              {translate('app.reliability.download')}
            </Button>
          </Stack>
          {report.isPending ? (
            <Loading />
          ) : report.data ? (
            <>
              <Typography variant="body2" sx={{ mb: 1 }} data-testid="reliability-summary">
                {translate('app.reliability.summary', {
                  tests: translate('app.reliability.doubleMarked', { smart_count: report.data.double_marked }),
                  drawings: report.data.criteria[0]?.drawings ?? 0,
                })}
              </Typography>
              <Typography variant="h6" component="h2" gutterBottom>
                {translate('app.reliability.agreementTable')}
              </Typography>
              <AgreementTable report={report.data} />
              <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
                {translate('app.reliability.reading')}
              </Typography>
              <Box sx={{ mb: 2 }}>
                <AgreementChart report={report.data} />
              </Box>
              <Typography variant="h6" component="h2" gutterBottom>
                {translate('app.reliability.markersTable')}
              </Typography>
              <MarkersTable report={report.data} />
              <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
                {translate('app.reliability.driftRule', {
                  min: report.data.drift.min_tests,
                  share: Math.round(report.data.drift.share * 100),
                })}
              </Typography>
              <DeviationChart report={report.data} />
            </>
          ) : null}
        </>
      )}
    </Box>
  );
};

export default MarkerReliabilityPage;
