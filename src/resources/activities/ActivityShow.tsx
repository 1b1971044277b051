import { useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Rating,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableRow,
  Typography,
} from '@mui/material';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import ReplayIcon from '@mui/icons-material/Replay';
import UndoIcon from '@mui/icons-material/Undo';
import {
  Confirm,
  LinkBase,
  Loading,
  Title,
  useDataProvider,
  useLocaleState,
  useNotify,
  useRedirect,
  useTranslate,
} from 'react-admin';
import { RATING_RANGE } from '../../../domain/activities';
import { isBadgeShown } from '../../../domain/codes';
import { AuthImage } from '../../components/AuthImage';
import type { AppDataProvider } from '../../dataProvider';
import { useBusyAction } from '../../hooks/useBusyAction';
import { ActivityFormDialog } from './ActivityFormDialog';
import { BadgeChip, GradeText, StatusChip } from './ActivityFields';
import { EvaluationForm } from './EvaluationForm';
import { ActivityCertificate } from '../../custom-pages/student-details/ChildCertificates';
import { formatDateTime } from '../../../domain/format';

/**
 * One activity (/activities/:id/show): the child's work and photo, its
 * evaluation, and what the caller may do now — the family edits or
 * deletes it while Pending, hands it in again after "Resubmit" and rates
 * the evaluation; the group's teacher evaluates it (not while it waits for
 * a resubmission) or withdraws the evaluation. Once the child's certificate
 * of the activity's group is issued, it is offered here too.
 */
const ActivityShow = () => {
  const { id } = useParams();
  const translate = useTranslate();
  const notify = useNotify();
  const redirect = useRedirect();
  const navigate = useNavigate();
  const [locale] = useLocaleState();
  const dataProvider = useDataProvider<AppDataProvider>();
  const queryClient = useQueryClient();
  const { busy, run } = useBusyAction();
  const [dialog, setDialog] = useState<'edit' | 'resubmit' | 'delete' | 'withdraw' | null>(null);
  const key = ['activity', id];
  const { data, isPending, error } = useQuery({ queryKey: key, queryFn: () => dataProvider.getActivity(id!) });
  // the child's certificates, for the one of this activity's group once issued
  const childId = data?.activity.child_id;
  const groupId = data?.activity.group_id ?? null;
  const { data: details } = useQuery({
    queryKey: ['studentDetails', String(childId)],
    queryFn: () => dataProvider.getStudentDetails(childId!),
    enabled: childId !== undefined && groupId !== null,
  });
  const reload = () => {
    void queryClient.invalidateQueries({ queryKey: key });
    void queryClient.invalidateQueries({ queryKey: ['activities'] });
  };
  if (isPending) return <Loading />;
  if (error || !data)
    return (
      <Alert severity="error">
        {translate((error as Error | null)?.message ?? 'ra.notification.http_error', {
          _: (error as Error | null)?.message ?? '',
        })}
      </Alert>
    );
  const { activity: a, actions } = data;

  const rate = (value: number | null) =>
    value &&
    run(async () => {
      await dataProvider.rateActivity(a.id, value);
      notify('app.notify.rated', { type: 'success' });
      reload();
    });
  const remove = () =>
    run(async () => {
      await dataProvider.delete('activities', { id: a.id, previousData: a });
      notify('app.notify.activityDeleted', { type: 'success' });
      navigate(-1);
    }).finally(() => setDialog(null));
  const withdraw = () =>
    run(async () => {
      await dataProvider.withdrawEvaluation(a.id);
      notify('app.notify.evaluationDeleted', { type: 'success' });
      reload();
    }).finally(() => setDialog(null));

  const row = (label: string, value: React.ReactNode) => (
    <TableRow>
      <TableCell component="th" scope="row" sx={{ fontWeight: 600, width: '35%' }}>
        {translate(label)}
      </TableCell>
      <TableCell>{value ?? '—'}</TableCell>
    </TableRow>
  );
  const score = (v: number | null) => (v === null ? '—' : `${v} / 10`);
  return (
    <Box sx={{ py: 2, display: 'grid', gap: 2 }}>
      <Title title={a.title} />
      <Card component="article" aria-labelledby="activity-title">
        <CardContent>
          <Stack direction={{ xs: 'column', md: 'row' }} spacing={3}>
            <Box sx={{ flex: '0 0 auto', maxWidth: { md: 420 } }}>
              {a.image ? (
                <AuthImage
                  src={a.image}
                  alt={a.title}
                  style={{ maxWidth: '100%', borderRadius: 8, display: 'block' }}
                />
              ) : (
                <Typography color="text.secondary">{translate('app.activities.noImage')}</Typography>
              )}
            </Box>
            <Box sx={{ flex: 1, minWidth: 0 }}>
              <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', mb: 1 }}>
                <Typography id="activity-title" variant="h5" component="h1">
                  {a.title}
                </Typography>
                <StatusChip status={a.status} />
                {isBadgeShown(a.badge_id) ? <BadgeChip badgeId={a.badge_id} /> : null}
              </Stack>
              <Table size="small">
                <TableBody>
                  {row(
                    'resources.activities.fields.child_name',
                    <LinkBase to={`/student-details/${a.child_id}`}>{a.child_name}</LinkBase>,
                  )}
                  {row('resources.activities.fields.group_name', a.group_name)}
                  {row('resources.activities.fields.course_name', a.course_name)}
                  {row('resources.activities.fields.created_at', formatDateTime(a.created_at, locale))}
                  {row('resources.activities.fields.message', a.message)}
                </TableBody>
              </Table>
              <Stack direction="row" spacing={1} sx={{ mt: 2, flexWrap: 'wrap', gap: 1 }}>
                {actions.edit ? (
                  <Button variant="contained" startIcon={<EditIcon />} onClick={() => setDialog('edit')}>
                    {translate('ra.action.edit')}
                  </Button>
                ) : null}
                {actions.resubmit ? (
                  <Button variant="contained" startIcon={<ReplayIcon />} onClick={() => setDialog('resubmit')}>
                    {translate('app.activities.resubmit')}
                  </Button>
                ) : null}
                {actions.withdraw ? (
                  <Button
                    variant="outlined"
                    startIcon={<UndoIcon />}
                    onClick={() => setDialog('withdraw')}
                    disabled={busy}
                  >
                    {translate('app.activities.withdraw')}
                  </Button>
                ) : null}
                {actions.delete ? (
                  <Button
                    variant="outlined"
                    color="error"
                    startIcon={<DeleteIcon />}
                    onClick={() => setDialog('delete')}
                    disabled={busy}
                  >
                    {translate('ra.action.delete')}
                  </Button>
                ) : null}
              </Stack>
            </Box>
          </Stack>
        </CardContent>
      </Card>

      {details ? <ActivityCertificate details={details} groupId={a.group_id} /> : null}

      {a.status !== 0 ? (
        <Card component="section" aria-labelledby="evaluation-title">
          <CardContent>
            <Typography id="evaluation-title" variant="h6" component="h2" gutterBottom>
              {translate('app.activities.evaluation')}
            </Typography>
            <Table size="small">
              <TableBody>
                {row('resources.activities.fields.status', <StatusChip status={a.status} />)}
                {row('resources.activities.fields.feedback', a.feedback)}
                {row('resources.activities.fields.originality', score(a.originality))}
                {row('resources.activities.fields.fluency', score(a.fluency))}
                {row('resources.activities.fields.flexibility', score(a.flexibility))}
                {row('resources.activities.fields.activity_score', score(a.activity_score))}
                {row('resources.activities.fields.grade', <GradeText grade={a.grade} />)}
                {row('resources.activities.fields.badge_id', <BadgeChip badgeId={a.badge_id} />)}
                {row(
                  'resources.activities.fields.teacher_rate',
                  a.teacher_rate ? <Rating value={a.teacher_rate} readOnly size="small" /> : null,
                )}
                {row('resources.activities.fields.teacher_name', a.teacher_name)}
                {row(
                  'resources.activities.fields.rate',
                  actions.rate ? (
                    <Rating
                      name="rate"
                      value={a.rate}
                      max={RATING_RANGE.max}
                      disabled={busy}
                      onChange={(_e, v) => void rate(v)}
                      getLabelText={(v) => translate('app.activities.stars', { smart_count: v })}
                    />
                  ) : a.rate ? (
                    <Rating value={a.rate} readOnly size="small" />
                  ) : null,
                )}
              </TableBody>
            </Table>
            {actions.rate ? (
              <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
                {translate('app.activities.rateHelp')}
              </Typography>
            ) : null}
          </CardContent>
        </Card>
      ) : null}

      {actions.evaluate ? (
        <Card component="section">
          <CardContent>
            <EvaluationForm activity={a} onSaved={reload} />
          </CardContent>
        </Card>
      ) : null}
      {!actions.evaluate && actions.withdraw ? (
        <Alert severity="info">{translate('app.activities.waitingResubmit')}</Alert>
      ) : null}

      {dialog === 'edit' ? <ActivityFormDialog activity={a} onClose={() => setDialog(null)} onSaved={reload} /> : null}
      {dialog === 'resubmit' ? (
        <ActivityFormDialog
          previous={a}
          onClose={() => setDialog(null)}
          onSaved={() => redirect(`/student-details/${a.child_id}`)}
        />
      ) : null}
      <Confirm
        isOpen={dialog === 'delete'}
        title="app.activities.deleteTitle"
        content="app.activities.deleteContent"
        translateOptions={{ title: a.title }}
        onConfirm={() => void remove()}
        onClose={() => setDialog(null)}
      />
      <Confirm
        isOpen={dialog === 'withdraw'}
        title="app.activities.withdrawTitle"
        content="app.activities.withdrawContent"
        onConfirm={() => void withdraw()}
        onClose={() => setDialog(null)}
      />
    </Box>
  );
};

export default ActivityShow;
