import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  LinearProgress,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useDataProvider, useTranslate } from 'react-admin';
import type { AppDataProvider } from '../../dataProvider';
import { useDateOf } from '../../components/useDateOf';
import { useTestLabel } from './labels';
import { ErrorAlert } from '../../components/ErrorAlert';

const percent = (share: number) => `${Math.round(share * 100)}%`;

/**
 * One test's markings (round, marker, status, total) and the agreement of the
 * first two (GET /marking/agreement/:exam_id): per rubric item the two sums,
 * their difference and the share of drawings scored alike, then overall.
 */
export const AgreementDialog = ({ examId, onClose }: { examId: number; onClose: () => void }) => {
  const translate = useTranslate();
  const dataProvider = useDataProvider<AppDataProvider>();
  const testLabel = useTestLabel();
  const dateOf = useDateOf();
  const { data: test, error } = useQuery({
    queryKey: ['markingAdmin', 'agreement', examId],
    queryFn: () => dataProvider.markingAgreement(examId),
  });
  const agreement = test?.agreement;
  const third = test?.markings.find((m) => m.round === 3);
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="md" aria-labelledby="agreement-title">
      <DialogTitle id="agreement-title">
        {test
          ? translate('app.markingAdmin.detailTitle', { name: test.child })
          : translate('app.markingAdmin.agreement')}
      </DialogTitle>
      <DialogContent dividers data-testid="agreement-dialog">
        {error && <ErrorAlert error={error} />}
        {!test && !error && <LinearProgress aria-label={translate('ra.page.loading')} />}
        {test && (
          <>
            <Typography variant="body2" sx={{ mb: 2 }}>{`${testLabel(test)} · ${dateOf(test.finished_at)}`}</Typography>
            <Typography variant="subtitle1" component="h2">
              {translate('app.markingAdmin.markings')}
            </Typography>
            {!test.markings.length ? (
              <Alert severity="info" sx={{ my: 1 }}>
                {translate('app.markingAdmin.noMarkings')}
              </Alert>
            ) : (
              <Table size="small" sx={{ mb: 3 }} data-testid="markings-table">
                <TableHead>
                  <TableRow>
                    <TableCell>{translate('app.markingAdmin.round')}</TableCell>
                    <TableCell>{translate('app.markingAdmin.marker')}</TableCell>
                    <TableCell>{translate('app.marking.code')}</TableCell>
                    <TableCell>{translate('app.markingAdmin.state')}</TableCell>
                    <TableCell>{translate('app.markingAdmin.total')}</TableCell>
                    <TableCell>{translate('app.marking.finishedAt')}</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {test.markings.map((m) => (
                    <TableRow key={m.id} data-round={m.round}>
                      <TableCell>{m.round}</TableCell>
                      <TableCell>{m.marker}</TableCell>
                      <TableCell sx={{ fontFamily: 'monospace' }}>
                        <bdi>{m.code}</bdi>
                      </TableCell>
                      <TableCell>{translate(`app.markingAdmin.markingStatus.${m.status}`)}</TableCell>
                      <TableCell>{m.total}</TableCell>
                      <TableCell>{dateOf(m.finished_at)}</TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            )}
            <Typography variant="subtitle1" component="h2">
              {translate('app.markingAdmin.agreementTitle')}
            </Typography>
            {!agreement ? (
              <Alert severity="info" sx={{ my: 1 }}>
                {translate('app.markingAdmin.agreementPending')}
              </Alert>
            ) : (
              <Table size="small" data-testid="agreement-table">
                <TableHead>
                  <TableRow>
                    <TableCell>{translate('app.markingAdmin.item')}</TableCell>
                    <TableCell>{translate('app.markingAdmin.first')}</TableCell>
                    <TableCell>{translate('app.markingAdmin.second')}</TableCell>
                    <TableCell>{translate('app.markingAdmin.difference')}</TableCell>
                    <TableCell>{translate('app.markingAdmin.exact')}</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {agreement.items.map((item) => (
                    <TableRow key={item.key} data-item={item.key}>
                      <TableCell>{translate(`app.marking.items.${item.key}`)}</TableCell>
                      <TableCell>{item.first}</TableCell>
                      <TableCell>{item.second}</TableCell>
                      <TableCell>{item.difference}</TableCell>
                      <TableCell>{percent(item.exact)}</TableCell>
                    </TableRow>
                  ))}
                  <TableRow data-item="overall" sx={{ '& td': { fontWeight: 'bold' } }}>
                    <TableCell>{translate('app.markingAdmin.overall')}</TableCell>
                    <TableCell>{agreement.first}</TableCell>
                    <TableCell>{agreement.second}</TableCell>
                    <TableCell>{agreement.difference}</TableCell>
                    <TableCell>{percent(agreement.exact)}</TableCell>
                  </TableRow>
                </TableBody>
              </Table>
            )}
            {test.needs_third && (
              <Alert severity="warning" sx={{ mt: 2 }} data-testid="needs-third">
                {translate('app.markingAdmin.needsThirdHelp')}
              </Alert>
            )}
            {!test.needs_third && third && (
              <Alert severity="info" sx={{ mt: 2 }}>
                {translate('app.markingAdmin.sentToThird', { marker: third.marker })}
              </Alert>
            )}
          </>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('ra.action.close')}</Button>
      </DialogActions>
    </Dialog>
  );
};
