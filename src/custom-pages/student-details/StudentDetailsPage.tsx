import { useState } from 'react';
import { useParams } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  CardHeader,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  MenuItem,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import SendIcon from '@mui/icons-material/Send';
import { Loading, type RaRecord, useDataProvider, useLocaleState, useNotify, useTranslate } from 'react-admin';
import { PageTitle } from '../../components/PageTitle';
import { familyActions } from '../../../domain/activities';
import { ACTIVITY_STATUSES, CHILD_GENDERS, CHILD_LANGUAGES, MEMBER_STATUSES } from '../../../domain/codes';
import type { AppDataProvider } from '../../dataProvider';
import { useBusyAction } from '../../hooks/useBusyAction';
import { ActivityTable } from '../../resources/activities/ActivityTable';
import { useMe } from '../profile/useMe';
import { calendarDay } from '../../components/calendarDay';
import { useCan } from '../../useCan';
import { ChildCertificates } from './ChildCertificates';
import { DownloadArchiveButton } from './DownloadArchiveButton';
import { PhoneCardList } from '../../components/PhoneCardList';
import { usePhone } from '../../hooks/usePhone';
import { formatNumber } from '../../../domain/format';

const labelOf = (list: readonly { id: unknown; labelKey: string }[], value: unknown) =>
  list.find((c) => String(c.id) === String(value))?.labelKey;

/** A teacher sends the child's report link to the family (docs/PRODUCT.md §3 "Report notification"). */
const SendReportButton = ({ studentId }: { studentId: number }) => {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider<AppDataProvider>();
  const { busy, run } = useBusyAction();
  const [open, setOpen] = useState(false);
  const [examType, setExamType] = useState(1);
  const send = () =>
    run(async () => {
      await dataProvider.sendReport(studentId, `/report/${studentId}/${examType}`);
      notify('app.notify.reportSent', { type: 'success' });
      setOpen(false);
    });
  return (
    <>
      <Button variant="outlined" startIcon={<SendIcon />} onClick={() => setOpen(true)}>
        {translate('app.studentDetails.sendReport')}
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} aria-labelledby="send-report-title">
        <DialogTitle id="send-report-title">{translate('app.studentDetails.sendReport')}</DialogTitle>
        <DialogContent>
          <Typography sx={{ mb: 2 }}>{translate('app.studentDetails.sendReportHelp')}</Typography>
          <TextField
            select
            fullWidth
            label={translate('app.studentDetails.examType')}
            value={examType}
            onChange={(e) => setExamType(Number(e.target.value))}
          >
            <MenuItem value={1}>{translate('app.studentDetails.preTest')}</MenuItem>
            <MenuItem value={2}>{translate('app.studentDetails.postTest')}</MenuItem>
          </TextField>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)}>{translate('ra.action.cancel')}</Button>
          <Button variant="contained" onClick={() => void send()} disabled={busy}>
            {translate('app.studentDetails.send')}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
};

/** /student-details/:id — a child's details, groups, certificates and activities (docs/PRODUCT.md §2 "Student details"). */
const StudentDetailsPage = () => {
  const { id } = useParams();
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const dataProvider = useDataProvider<AppDataProvider>();
  const { data: me } = useMe();
  const evaluator = useCan('activities.evaluate');
  const phone = usePhone();
  const { data, isPending, error } = useQuery({
    queryKey: ['studentDetails', id],
    queryFn: () => dataProvider.getStudentDetails(id!),
  });
  if (isPending) return <Loading />;
  if (error || !data)
    return (
      <Alert severity="error">
        {translate((error as Error | null)?.message ?? 'ra.notification.http_error', { _: '' })}
      </Alert>
    );
  const { child, groups, activities, certificates } = data;
  const isParent = me?.id === child.parent_id;
  const canDelete = (a: RaRecord) => (isParent ? familyActions(Number(a.status)).delete : evaluator);
  const info: [string, React.ReactNode][] = [
    ['resources.children.fields.gender', child.gender ? translate(labelOf(CHILD_GENDERS, child.gender) ?? '') : null],
    ['resources.children.fields.birthdate', child.birthdate ? calendarDay(child.birthdate, locale) : null],
    [
      'resources.children.fields.language',
      child.language ? translate(labelOf(CHILD_LANGUAGES, child.language) ?? '') : null,
    ],
    ['resources.children.fields.city', child.city],
    ['app.studentDetails.family', child.parent_name],
  ];
  return (
    <Box sx={{ py: 2, display: 'grid', gap: 2 }}>
      <PageTitle title={child.name} />
      <Card component="section" aria-labelledby="student-name">
        <CardHeader
          title={
            <Typography id="student-name" variant="h5" component="h1">
              {child.name}
            </Typography>
          }
          action={
            isParent ? (
              <DownloadArchiveButton child={child} />
            ) : evaluator && child.parent_id ? (
              <SendReportButton studentId={child.id} />
            ) : null
          }
        />
        <CardContent>
          <Box
            component="dl"
            sx={{ display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: 3, rowGap: 1, m: 0 }}
          >
            {info
              .filter(([, v]) => v)
              .map(([label, value]) => (
                <Box key={label} sx={{ display: 'contents' }}>
                  <Typography component="dt" sx={{ fontWeight: 600 }}>
                    {translate(label)}
                  </Typography>
                  <Typography component="dd" sx={{ m: 0 }}>
                    {value}
                  </Typography>
                </Box>
              ))}
          </Box>
          <Stack direction="row" spacing={1} sx={{ mt: 2, flexWrap: 'wrap', gap: 1 }}>
            <Chip label={translate('app.studentDetails.total', { smart_count: activities.total })} />
            {ACTIVITY_STATUSES.map((s) => (
              <Chip
                key={s.id}
                variant="outlined"
                label={`${translate(s.labelKey)}: ${formatNumber(activities.by_status[s.id] ?? 0, locale)}`}
              />
            ))}
            <Chip
              color="secondary"
              variant="outlined"
              label={translate('app.studentDetails.badges', { smart_count: activities.badges })}
            />
          </Stack>
        </CardContent>
      </Card>
      <Card component="section">
        <CardHeader
          title={
            <Typography variant="h6" component="h2">
              {translate('app.studentDetails.groups')}
            </Typography>
          }
        />
        <CardContent>
          {groups.length && phone ? (
            <PhoneCardList
              label={translate('app.studentDetails.groups')}
              cards={groups.map((g) => ({
                key: g.id,
                title: g.name,
                fields: [
                  [translate('resources.activities.fields.course_name'), g.course_name ?? '—'],
                  [translate('resources.activities.fields.teacher_name'), g.teacher_name ?? '—'],
                  [
                    translate('resources.activities.fields.status'),
                    translate(labelOf(MEMBER_STATUSES, g.member_status) ?? ''),
                  ],
                ],
              }))}
            />
          ) : null}
          {groups.length && !phone ? (
            <TableContainer>
              <Table size="small" aria-label={translate('app.studentDetails.groups')}>
                <TableHead>
                  <TableRow>
                    <TableCell>{translate('resources.activities.fields.group_name')}</TableCell>
                    <TableCell>{translate('resources.activities.fields.course_name')}</TableCell>
                    <TableCell>{translate('resources.activities.fields.teacher_name')}</TableCell>
                    <TableCell>{translate('resources.activities.fields.status')}</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {groups.map((g) => (
                    <TableRow key={g.id}>
                      <TableCell>{g.name}</TableCell>
                      <TableCell>{g.course_name ?? '—'}</TableCell>
                      <TableCell>{g.teacher_name ?? '—'}</TableCell>
                      <TableCell>{translate(labelOf(MEMBER_STATUSES, g.member_status) ?? '')}</TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </TableContainer>
          ) : null}
          {groups.length ? null : (
            <Typography color="text.secondary">{translate('app.studentDetails.noGroups')}</Typography>
          )}
        </CardContent>
      </Card>
      <Card component="section" aria-labelledby="certificates-title">
        <CardHeader
          title={
            <Typography id="certificates-title" variant="h6" component="h2">
              {translate('app.certificate.heading')}
            </Typography>
          }
        />
        <CardContent>
          <ChildCertificates child={child} certificates={certificates} />
        </CardContent>
      </Card>
      <Card component="section">
        <CardHeader
          title={
            <Typography variant="h6" component="h2">
              {translate('app.children.activities', { name: child.name })}
            </Typography>
          }
        />
        <CardContent>
          <ActivityTable
            filter={{ child_id: child.id }}
            canDelete={canDelete}
            label={translate('app.children.activities', { name: child.name })}
          />
        </CardContent>
      </Card>
    </Box>
  );
};

export default StudentDetailsPage;
