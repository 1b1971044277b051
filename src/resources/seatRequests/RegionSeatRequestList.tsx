import { Box, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { SeatRequestList } from './SeatRequestList';

/** /region-seats: the region's requests waiting for its admin (approve or decline first), then the region's history. */
const RegionSeatRequestList = () => {
  const translate = useTranslate();
  return (
    <Box sx={{ py: 2 }}>
      <Typography variant="h5" component="h1">
        {translate('app.menu.regionSeats')}
      </Typography>
      <SeatRequestList
        resource="pendingSeatRequests"
        title="app.menu.regionSeats"
        heading="app.seats.waiting"
        step="region"
        empty={<Typography sx={{ p: 2 }}>{translate('app.seats.nothingWaiting')}</Typography>}
      />
      <SeatRequestList resource="seatRequests" title={false} heading="app.seats.history" />
    </Box>
  );
};

export default RegionSeatRequestList;
