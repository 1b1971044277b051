import { Box, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { SeatRequestList } from './SeatRequestList';

/** /admin-seats: the requests the region admins approved, waiting for the platform admin; then every request. */
const AdminSeatRequestList = () => {
  const translate = useTranslate();
  return (
    <Box sx={{ py: 2 }}>
      <Typography variant="h5" component="h1">
        {translate('app.menu.adminSeats')}
      </Typography>
      <SeatRequestList
        resource="pendingSeatRequests"
        title="app.menu.adminSeats"
        heading="app.seats.waiting"
        step="admin"
        empty={<Typography sx={{ p: 2 }}>{translate('app.seats.nothingWaiting')}</Typography>}
      />
      <SeatRequestList resource="seatRequests" title={false} heading="app.seats.history" />
    </Box>
  );
};

export default AdminSeatRequestList;
