import { useState } from 'react';
import {
  Alert,
  Box,
  Button,
  Checkbox,
  Chip,
  Paper,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  ToggleButton,
  ToggleButtonGroup,
  Typography,
} from '@mui/material';
import AssignmentIndIcon from '@mui/icons-material/AssignmentInd';
import InsightsIcon from '@mui/icons-material/Insights';
import { Link } from 'react-router-dom';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Loading, SelectInput, Title, useDataProvider, useTranslate } from 'react-admin';
import { allocateSchema } from '../../../domain/schemas/marking';
import { FormDialog } from '../../components/FormDialog';
import type { AppDataProvider } from '../../dataProvider';
import type { AdminMarkingTest, MarkingTestStatus } from '../../dataProvider/marking';
import { AgreementDialog } from './AgreementDialog';
import { MarginSetting } from './MarginSetting';
import { useDateOf } from '../../components/useDateOf';
import { useTestLabel } from './labels';

const STATUSES: (MarkingTestStatus | 'all')[] = ['all', 'unallocated', 'open', 'finished', 'disagreement'];

/**
 * Allocate the finished tests to markers (admin_neomi, /marking-admin): the
 * tests by allocation status (POST /marking/tests), one or many selected and
 * allocated to a marker chosen least busy first (GET /marking/markers, POST
 * /marking/assign; a test already marked goes to a second, then a third,
 * marker), and each test's markings and agreement (GET /marking/agreement/:id).
 * Admins see the learner's name; markers never do.
 */
const MarkingAdminPage = () => {
  const translate = useTranslate();
  const dataProvider = useDataProvider<AppDataProvider>();
  const queryClient = useQueryClient();
  const testLabel = useTestLabel();
  const dateOf = useDateOf();
  const [status, setStatus] = useState<MarkingTestStatus | 'all'>('all');
  const [selected, setSelected] = useState<number[]>([]);
  const [allocating, setAllocating] = useState<number[] | null>(null);
  const [detail, setDetail] = useState<number | null>(null);
  const tests = useQuery({
    queryKey: ['markingAdmin', 'tests', status],
    queryFn: () => dataProvider.markingTests(status === 'all' ? undefined : status),
  });
  const markers = useQuery({ queryKey: ['markingAdmin', 'markers'], queryFn: () => dataProvider.markers() });
  const title = translate('app.menu.markingAdmin');
  const rows = tests.data?.data ?? [];
  const toggle = (id: number) => setSelected((s) => (s.includes(id) ? s.filter((x) => x !== id) : [...s, id]));
  const allSelected = rows.length > 0 && rows.every((r) => selected.includes(r.exam_id));
  const refresh = () => {
    setSelected([]);
    return queryClient.invalidateQueries({ queryKey: ['markingAdmin'] });
  };

  return (
    <Box sx={{ py: 2 }}>
      <Title title={title} />
      <Typography variant="h5" component="h1" gutterBottom>
        {title}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {translate('app.markingAdmin.help')}
      </Typography>
      <Button component={Link} to="/marking-admin/reliability" startIcon={<InsightsIcon />} sx={{ mb: 2 }}>
        {translate('app.reliability.open')}
      </Button>
      <MarginSetting />
      <Stack direction="row" spacing={2} sx={{ mb: 2, flexWrap: 'wrap', alignItems: 'center', rowGap: 1 }}>
        <ToggleButtonGroup
          size="small"
          exclusive
          value={status}
          aria-label={translate('app.markingAdmin.filter')}
          onChange={(_, value) => {
            if (value) {
              setStatus(value);
              setSelected([]);
            }
          }}
        >
          {STATUSES.map((s) => (
            <ToggleButton key={s} value={s}>
              {translate(`app.markingAdmin.status.${s}`)}
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
        <Box sx={{ flex: 1 }} />
        <Typography variant="body2" data-testid="selected-count">
          {translate('app.markingAdmin.selected', { smart_count: selected.length })}
        </Typography>
        <Button
          variant="contained"
          startIcon={<AssignmentIndIcon />}
          disabled={!selected.length}
          onClick={() => setAllocating(selected)}
        >
          {translate('app.markingAdmin.allocateSelected')}
        </Button>
      </Stack>
      {tests.error && (
        <Alert severity="error">
          {translate((tests.error as Error).message, { _: (tests.error as Error).message })}
        </Alert>
      )}
      {tests.isPending ? (
        <Loading />
      ) : !rows.length ? (
        <Alert severity="info">{translate('app.markingAdmin.none')}</Alert>
      ) : (
        <Paper variant="outlined">
          <Table size="small">
            <TableHead>
              <TableRow>
                <TableCell padding="checkbox">
                  <Checkbox
                    checked={allSelected}
                    indeterminate={!allSelected && selected.length > 0}
                    onChange={() => setSelected(allSelected ? [] : rows.map((r) => r.exam_id))}
                    slotProps={{ input: { 'aria-label': translate('app.markingAdmin.selectAll') } }}
                  />
                </TableCell>
                <TableCell>{translate('app.markingAdmin.learner')}</TableCell>
                <TableCell>{translate('app.marking.exam')}</TableCell>
                <TableCell>{translate('app.markingAdmin.testDate')}</TableCell>
                <TableCell>{translate('app.markingAdmin.markings')}</TableCell>
                <TableCell />
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((row) => (
                <TableRow key={row.exam_id} data-testid="marking-test-row" selected={selected.includes(row.exam_id)}>
                  <TableCell padding="checkbox">
                    <Checkbox
                      checked={selected.includes(row.exam_id)}
                      onChange={() => toggle(row.exam_id)}
                      slotProps={{ input: { 'aria-label': translate('app.markingAdmin.select', { name: row.child }) } }}
                    />
                  </TableCell>
                  <TableCell>{row.child}</TableCell>
                  <TableCell>{testLabel(row)}</TableCell>
                  <TableCell>{dateOf(row.finished_at)}</TableCell>
                  <TableCell>
                    <MarkingChips test={row} />
                  </TableCell>
                  <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                    <Button size="small" onClick={() => setAllocating([row.exam_id])}>
                      {translate('app.markingAdmin.allocate')}
                    </Button>
                    <Button size="small" onClick={() => setDetail(row.exam_id)}>
                      {translate('app.markingAdmin.agreement')}
                    </Button>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Paper>
      )}
      {allocating && (
        <FormDialog
          open
          title={translate('app.markingAdmin.allocateTitle', { smart_count: allocating.length })}
          record={{ exam_ids: allocating }}
          schema={allocateSchema}
          save={(data) => dataProvider.allocateTests(data.marker_id, data.exam_ids)}
          successMessage="app.marking.assigned"
          onSaved={refresh}
          onClose={() => setAllocating(null)}
        >
          <Typography variant="body2" sx={{ mb: 2 }}>
            {translate('app.markingAdmin.allocateHelp')}
          </Typography>
          <SelectInput
            source="marker_id"
            label="app.markingAdmin.marker"
            fullWidth
            isPending={markers.isPending}
            choices={(markers.data ?? []).map((m) => ({
              id: m.id,
              name: `${m.name} (${translate('app.markingAdmin.openCount', { smart_count: m.open })})`,
            }))}
          />
        </FormDialog>
      )}
      {detail !== null && <AgreementDialog examId={detail} onClose={() => setDetail(null)} />}
    </Box>
  );
};

/** A test's markings in short: round, marker and status; a flag when the two disagree with no third marker yet. */
const MarkingChips = ({ test }: { test: AdminMarkingTest }) => {
  const translate = useTranslate();
  if (!test.markings.length)
    return (
      <Typography variant="body2" color="text.secondary">
        {translate('app.markingAdmin.status.unallocated')}
      </Typography>
    );
  return (
    <Stack direction="row" spacing={0.5} sx={{ flexWrap: 'wrap', rowGap: 0.5 }}>
      {test.markings.map((m) => (
        <Chip
          key={m.id}
          size="small"
          variant={m.status === 'finished' ? 'filled' : 'outlined'}
          color={m.status === 'finished' ? 'success' : 'default'}
          label={translate('app.markingAdmin.roundChip', {
            round: m.round,
            marker: m.marker,
            status: translate(`app.markingAdmin.markingStatus.${m.status}`),
          })}
        />
      ))}
      {test.needs_third && <Chip size="small" color="warning" label={translate('app.markingAdmin.needsThird')} />}
    </Stack>
  );
};

export default MarkingAdminPage;
