import { useQuery } from '@tanstack/react-query';
import { Box, Typography } from '@mui/material';
import AssignmentTurnedInIcon from '@mui/icons-material/AssignmentTurnedIn';
import ChildCareIcon from '@mui/icons-material/ChildCare';
import GroupsIcon from '@mui/icons-material/Groups';
import MenuBookIcon from '@mui/icons-material/MenuBook';
import { useDataProvider, useTranslate } from 'react-admin';
import type { AppDataProvider } from '../../dataProvider';
import { ActivitiesPerGroupChart, ActivitiesPerMonthChart, InteractionsPerDayChart } from './OverviewCharts';
import { StatCard } from './StatCard';
import { ErrorAlert } from '../../components/ErrorAlert';

/**
 * The admin's overview (docs/PRODUCT.md §2 "Admin overview"): four counts — evaluations, groups,
 * courses, students — and three charts: activities per group, per month,
 * and the daily interactions. Every number is counted by PostgreSQL
 * (docs/api/activities.md "Overview").
 */
export const AdminOverview = () => {
  const translate = useTranslate();
  const dataProvider = useDataProvider<AppDataProvider>();
  const counts = useQuery({ queryKey: ['dashboard', 'counts'], queryFn: () => dataProvider.getDashboardCounts() });
  const perGroup = useQuery({
    queryKey: ['dashboard', 'groups'],
    queryFn: () => dataProvider.getActivitiesPerGroup(8),
  });
  const perMonth = useQuery({
    queryKey: ['dashboard', 'months'],
    queryFn: () => dataProvider.getActivitiesPerMonth(12),
  });
  const perDay = useQuery({ queryKey: ['dashboard', 'days'], queryFn: () => dataProvider.getInteractionsPerDay(30) });
  const error = counts.error ?? perGroup.error ?? perMonth.error ?? perDay.error;
  const c = counts.data;
  return (
    <Box sx={{ py: 2, display: 'grid', gap: 2 }}>
      <Typography variant="h5" component="h1">
        {translate('app.overview.title')}
      </Typography>
      {error ? <ErrorAlert error={error} /> : null}
      <Box
        sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', lg: 'repeat(4, 1fr)' } }}
      >
        <StatCard
          label="app.overview.evaluations"
          value={c?.evaluations}
          icon={AssignmentTurnedInIcon}
          to="/activities"
        />
        <StatCard label="app.overview.groups" value={c?.groups} icon={GroupsIcon} to="/groups" />
        <StatCard label="app.overview.courses" value={c?.courses} icon={MenuBookIcon} to="/courses" />
        <StatCard label="app.overview.students" value={c?.students} icon={ChildCareIcon} />
      </Box>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', lg: '1fr 1fr' } }}>
        {perGroup.data ? <ActivitiesPerGroupChart groups={perGroup.data.groups} other={perGroup.data.other} /> : null}
        {perMonth.data ? <ActivitiesPerMonthChart months={perMonth.data.months} /> : null}
      </Box>
      {perDay.data ? <InteractionsPerDayChart days={perDay.data.days} /> : null}
    </Box>
  );
};

export default AdminOverview;
