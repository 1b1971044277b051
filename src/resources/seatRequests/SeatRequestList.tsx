import type { ReactNode } from 'react';
import { Typography } from '@mui/material';
import { Datagrid, List, ResourceContextProvider, TextField, useTranslate } from 'react-admin';
import { PAGE_SIZES } from '../../../domain/codes';
import { AppPagination } from '../../components/AppPagination';
import { LocaleDateField } from '../../components/LocaleDateField';
import { DecideButtons } from './DecideButtons';
import { DecisionField, SeatStatusField } from './SeatStatusField';
import { LocaleNumberField } from '../../components/LocaleNumberField';

interface SeatRequestListProps {
  /** seatRequests (history) or pendingSeatRequests (waiting for the caller) */
  resource: 'seatRequests' | 'pendingSeatRequests';
  /** the page's title (i18n key); false for the second list of a page, so the app bar shows it once */
  title: string | false;
  /** this list's heading (i18n key) */
  heading: string;
  filter?: Record<string, unknown>;
  /** the step this user decides, for the approve/decline buttons */
  step?: 'region' | 'admin';
  showSchool?: boolean;
  actions?: ReactNode;
  empty?: ReactNode;
}

/** Seat requests with their state and both decisions; several lists share a page, so none follows the address bar. */
export const SeatRequestList = ({
  resource,
  title,
  heading,
  filter,
  step,
  showSchool = true,
  actions,
  empty,
}: SeatRequestListProps) => {
  const translate = useTranslate();
  return (
    <ResourceContextProvider value={resource}>
      <Typography variant="h6" component="h2" sx={{ mt: 3 }}>
        {translate(heading)}
      </Typography>
      <List
        resource={resource}
        title={title}
        filter={filter}
        sort={{ field: 'created_at', order: 'DESC' }}
        perPage={PAGE_SIZES[0]}
        pagination={<AppPagination />}
        exporter={false}
        actions={actions ? <>{actions}</> : false}
        disableSyncWithLocation
        storeKey={`${resource}.${step ?? 'school'}`}
        empty={empty ? <>{empty}</> : false}
      >
        <Datagrid bulkActionButtons={false} rowClick={false}>
          <LocaleDateField source="created_at" />
          {showSchool && <TextField source="school_name" sortable={false} />}
          {showSchool && <TextField source="region_name" sortable={false} />}
          <LocaleNumberField source="seats" />
          <TextField source="note" sortable={false} />
          <TextField source="requested_by_name" sortable={false} />
          <SeatStatusField label="resources.seatRequests.fields.status" sortable={false} />
          <DecisionField step="region" label="resources.seatRequests.fields.region_decision" sortable={false} />
          <DecisionField step="admin" label="resources.seatRequests.fields.admin_decision" sortable={false} />
          {step && <DecideButtons step={step} label="" />}
        </Datagrid>
      </List>
    </ResourceContextProvider>
  );
};
