import { Box, Typography } from '@mui/material';
import { useGetList, useTranslate } from 'react-admin';
import { CountCard } from '../../components/CountCard';
import { SchoolPicker } from '../../components/SchoolPicker';
import { schoolParam, useCurrentSchool } from '../../hooks/useCurrentSchool';
import { RequestSeatsButton } from './RequestSeatsButton';
import { SeatRequestList } from './SeatRequestList';

/** /assigned-quota: the school's seats (approved, used, free, asked for), a new request, and every request so far. */
const SchoolSeatRequestList = () => {
  const translate = useTranslate();
  const { schoolId, ownSchool } = useCurrentSchool();
  const param = schoolParam(schoolId, ownSchool);
  const { data = [] } = useGetList(
    'schools',
    { pagination: { page: 1, perPage: 100 }, filter: {} },
    { enabled: !!schoolId },
  );
  const school = data.find((s) => s.id === schoolId);
  return (
    <Box sx={{ py: 2 }}>
      <SchoolPicker />
      <Typography variant="h5" component="h1" gutterBottom>
        {translate('app.seats.quotaTitle', { name: school?.name ?? '' })}
      </Typography>
      {school && (
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(4, 1fr)' }, my: 2 }}>
          <CountCard label={translate('resources.schools.fields.seats_approved')} value={school.seats_approved} />
          <CountCard label={translate('resources.schools.fields.seats_used')} value={school.seats_used} />
          <CountCard label={translate('resources.schools.fields.seats_free')} value={school.seats_free} />
          <CountCard label={translate('resources.schools.fields.seats_pending')} value={school.seats_pending} />
        </Box>
      )}
      {schoolId && (
        <SeatRequestList
          resource="seatRequests"
          title="app.menu.assignedQuota"
          heading="app.seats.history"
          filter={param}
          showSchool={false}
          actions={<RequestSeatsButton schoolParam={param} />}
        />
      )}
    </Box>
  );
};

export default SchoolSeatRequestList;
