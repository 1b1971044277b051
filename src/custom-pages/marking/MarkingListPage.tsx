import {
  Alert,
  Box,
  Button,
  LinearProgress,
  Paper,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { Loading, Title, useDataProvider, useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { useDateOf } from '../../components/useDateOf';
import type { AppDataProvider } from '../../dataProvider';
import { useTestLabel } from './labels';
import { ErrorAlert } from '../../components/ErrorAlert';

/**
 * A marker's tests (mark_neomi_test): those to mark (/pre-neomi, POST
 * /users/to/mark) or those marked (/corrected-exams, POST
 * /users/with/marked/answers). Each test by its pseudonymous code.
 */
const MarkingListPage = ({ finished }: { finished: boolean }) => {
  const translate = useTranslate();
  const dateOf = useDateOf();
  const testLabel = useTestLabel();
  const dataProvider = useDataProvider<AppDataProvider>();
  const { data, isPending, error } = useQuery({
    queryKey: ['marking', finished ? 'finished' : 'open'],
    queryFn: () => (finished ? dataProvider.correctedTests() : dataProvider.markingQueue()),
  });
  const title = translate(finished ? 'app.menu.correctedExams' : 'app.menu.preNeomi');
  if (isPending) return <Loading />;
  return (
    <Box sx={{ py: 2 }}>
      <Title title={title} />
      <Typography variant="h5" component="h1" gutterBottom>
        {title}
      </Typography>
      {error && <ErrorAlert error={error} />}
      {data && !data.length && (
        <Alert severity="info">{translate(finished ? 'app.marking.noneFinished' : 'app.marking.noneToMark')}</Alert>
      )}
      {!!data?.length && (
        <Paper variant="outlined">
          <Table size="small">
            <TableHead>
              <TableRow>
                <TableCell>{translate('app.marking.code')}</TableCell>
                <TableCell>{translate('app.marking.exam')}</TableCell>
                <TableCell>{translate('app.marking.progress')}</TableCell>
                <TableCell>{translate(finished ? 'app.marking.finishedAt' : 'app.marking.assignedAt')}</TableCell>
                <TableCell />
              </TableRow>
            </TableHead>
            <TableBody>
              {data.map((row) => (
                <TableRow key={row.id} data-testid="marking-row">
                  <TableCell sx={{ fontFamily: 'monospace' }}>{row.code}</TableCell>
                  <TableCell>{testLabel(row)}</TableCell>
                  <TableCell sx={{ minWidth: 160 }}>
                    {translate('app.marking.markedOf', { marked: row.marked, total: row.images })}
                    <LinearProgress
                      variant="determinate"
                      value={row.images ? (100 * row.marked) / row.images : 0}
                      aria-label={translate('app.marking.progress')}
                    />
                  </TableCell>
                  <TableCell>{dateOf(finished ? row.finished_at : row.assigned_at)}</TableCell>
                  <TableCell align="right">
                    <Button
                      component={RouterLink}
                      to={`/mark-neomi-test/${row.id}`}
                      variant={finished ? 'text' : 'contained'}
                      size="small"
                    >
                      {translate(finished ? 'app.marking.view' : 'app.marking.mark')}
                    </Button>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Paper>
      )}
    </Box>
  );
};

export const MarkingQueuePage = () => <MarkingListPage finished={false} />;
export const CorrectedExamsPage = () => <MarkingListPage finished />;
export default MarkingQueuePage;
