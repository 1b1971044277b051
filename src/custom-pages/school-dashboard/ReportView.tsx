import type { ReactNode } from 'react';
import {
  Alert,
  Box,
  Card,
  CardContent,
  CircularProgress,
  Stack,
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
import type { Report, ReportCounts, ReportTarget } from '../../dataProvider/schools';
import { CountCard } from '../../components/CountCard';
import { PhoneCardList } from '../../components/PhoneCardList';
import { usePhone } from '../../hooks/usePhone';
import { BreakdownChart, GendersChart, GroupsChart, LevelsChart } from './ReportCharts';

/** The counts a dashboard shows, in order (docs/PRODUCT.md §3 "Dashboard counts"). */
const COUNTS: (keyof ReportCounts)[] = [
  'students_count',
  'teacher_count',
  'groups_count',
  'course_count',
  'task_count',
  'seat_count',
  'seats_pending',
  'students_without_group',
  'non_Active',
];

const GroupsTable = ({
  groups,
  count,
  showSchool,
}: {
  groups: Report['groups'];
  count: number;
  showSchool: boolean;
}) => {
  const translate = useTranslate();
  const phone = usePhone();
  if (!groups.length) return null;
  const field = (name: string) => translate(`resources.schoolGroups.fields.${name}`);
  return (
    <Card component="section" aria-label={translate('app.schools.report.groupsTable')}>
      <CardContent>
        <Typography variant="subtitle1" component="h2" gutterBottom>
          {translate('app.schools.report.groupsTable')} ({groups.length} / {count})
        </Typography>
        {phone ? (
          <PhoneCardList
            label={translate('app.schools.report.groupsTable')}
            cards={groups.map((g) => ({
              key: g.id,
              title: g.name,
              fields: [
                ...(showSchool ? [[field('school_name'), g.school_name] as const] : []),
                [field('teacher_name'), g.teacher_name ?? '—'],
                [field('course_name'), g.course_name ?? '—'],
                [field('students_count'), g.students_count],
              ],
            }))}
          />
        ) : (
          <Table size="small">
            <TableHead>
              <TableRow>
                <TableCell>{translate('resources.schoolGroups.fields.name')}</TableCell>
                {showSchool && <TableCell>{translate('resources.schoolGroups.fields.school_name')}</TableCell>}
                <TableCell>{translate('resources.schoolGroups.fields.teacher_name')}</TableCell>
                <TableCell>{translate('resources.schoolGroups.fields.course_name')}</TableCell>
                <TableCell>{translate('resources.schoolGroups.fields.students_count')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {groups.map((g) => (
                <TableRow key={g.id}>
                  <TableCell>{g.name}</TableCell>
                  {showSchool && <TableCell>{g.school_name}</TableCell>}
                  <TableCell>{g.teacher_name ?? '—'}</TableCell>
                  <TableCell>{g.course_name ?? '—'}</TableCell>
                  <TableCell>{g.students_count}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </CardContent>
    </Card>
  );
};

/** A report's numbers and charts (school, region or platform), loaded from its call. */
export const ReportView = ({
  target,
  title,
  actions,
}: {
  target: ReportTarget | null;
  title: (report: Report) => string;
  actions?: ReactNode;
}) => {
  const translate = useTranslate();
  const dataProvider = useDataProvider<AppDataProvider>();
  const {
    data: report,
    isPending,
    error,
  } = useQuery({
    queryKey: ['schools', 'report', target],
    queryFn: () => dataProvider.getReport(target!, { limit: 20 }),
    enabled: target !== null,
  });
  if (target === null) return null;
  if (error)
    return (
      <Alert severity="error">
        {translate((error as Error).message, { _: translate('ra.notification.http_error') })}
      </Alert>
    );
  if (isPending || !report) return <CircularProgress aria-label={translate('ra.page.loading')} />;
  const breakdownTitle = target.level === 'platform' ? 'app.schools.report.byRegion' : 'app.schools.report.bySchool';
  return (
    <Stack spacing={2} sx={{ py: 2 }}>
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap', gap: 1 }}>
        <Typography variant="h5" component="h1">
          {title(report)}
        </Typography>
        {actions}
      </Stack>
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(3, 1fr)', lg: 'repeat(5, 1fr)' },
        }}
      >
        {COUNTS.map((key) => (
          <CountCard key={key} label={translate(`app.schools.report.counts.${key}`)} value={report.counts[key]} />
        ))}
      </Box>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
        <GendersChart data={report.users_genders_chart} />
        <LevelsChart data={report.users_levels_chart} />
        {target.level !== 'school' && target.level !== 'regionSchool' && (
          <Box sx={{ gridColumn: '1 / -1' }}>
            <BreakdownChart data={report.breakdown} title={translate(breakdownTitle)} />
          </Box>
        )}
        <Box sx={{ gridColumn: '1 / -1' }}>
          <GroupsChart data={report.groups} />
        </Box>
      </Box>
      <GroupsTable
        groups={report.groups}
        count={report.count}
        showSchool={target.level === 'region' || target.level === 'platform'}
      />
    </Stack>
  );
};
