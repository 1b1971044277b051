import { Grid, Typography } from '@mui/material';
import {
  EmailField,
  Labeled,
  Show,
  SimpleShowLayout,
  TextField,
  TopToolbar,
  useLocaleState,
  useRecordContext,
  useTranslate,
} from 'react-admin';
import { LocaleDateField } from '../../components/LocaleDateField';
import { ChangeStatusButton } from './ChangeStatusButton';
import { OrderStatusField } from './OrderStatusField';
import { formatDateTime } from '../../../domain/format';
import { LocaleNumberField } from '../../components/LocaleNumberField';

const ShowActions = () => (
  <TopToolbar>
    <ChangeStatusButton />
  </TopToolbar>
);

/** Who changed the status last, and when. */
const HandledBy = () => {
  const translate = useTranslate();
  const record = useRecordContext();
  const [locale] = useLocaleState();
  if (!record?.handled_at) return null;
  return (
    <Typography variant="body2" color="text.secondary">
      {translate('app.orders.handledBy', {
        name: record.handled_by_name ?? '-',
        date: formatDateTime(record.handled_at, locale),
      })}
    </Typography>
  );
};

const half = { xs: 12, sm: 6 } as const;

/** /orders/{id}/show: the order as sent, its status and the admin's note. */
const OrderShow = () => (
  <Show actions={<ShowActions />}>
    <SimpleShowLayout>
      <Grid container spacing={2} sx={{ width: '100%' }}>
        <Grid size={half}>
          <Labeled>
            <TextField source="entity" />
          </Labeled>
        </Grid>
        <Grid size={half}>
          <Labeled>
            <LocaleNumberField source="kits_no" />
          </Labeled>
        </Grid>
        <Grid size={half}>
          <Labeled>
            <TextField source="contact_name" />
          </Labeled>
        </Grid>
        <Grid size={half}>
          <Labeled>
            <EmailField source="email" />
          </Labeled>
        </Grid>
        <Grid size={half}>
          <Labeled>
            <TextField source="phone_number" sx={{ direction: 'ltr', unicodeBidi: 'embed' }} />
          </Labeled>
        </Grid>
        <Grid size={half}>
          <Labeled>
            <LocaleDateField source="created_at" showTime />
          </Labeled>
        </Grid>
        <Grid size={12}>
          <Labeled>
            <TextField source="address" />
          </Labeled>
        </Grid>
        <Grid size={12}>
          <Labeled>
            <TextField source="comment" emptyText="-" sx={{ whiteSpace: 'pre-wrap' }} />
          </Labeled>
        </Grid>
        <Grid size={half}>
          <Labeled>
            <OrderStatusField source="status" />
          </Labeled>
        </Grid>
        <Grid size={half}>
          <Labeled>
            <TextField source="note" emptyText="-" sx={{ whiteSpace: 'pre-wrap' }} />
          </Labeled>
        </Grid>
        <Grid size={12}>
          <HandledBy />
        </Grid>
      </Grid>
    </SimpleShowLayout>
  </Show>
);

export default OrderShow;
