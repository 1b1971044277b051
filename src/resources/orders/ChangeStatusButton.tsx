import { useState } from 'react';
import EditNoteIcon from '@mui/icons-material/EditNote';
import { Button, TextInput, useDataProvider, useRecordContext, useRefresh, useTranslate } from 'react-admin';
import { ORDER_STATUSES } from '../../../domain/codes';
import { orderStatusSchema } from '../../../domain/schemas/public';
import { CodeSelectInput } from '../../components/CodeSelectInput';
import { FormDialog } from '../../components/FormDialog';
import type { AppDataProvider } from '../../dataProvider';
import { useRecountNewOrders } from './useNewOrders';

/** Handle, cancel or reopen the order, with a note (PUT /contact/orders/{id}/status, logged). */
export const ChangeStatusButton = () => {
  const translate = useTranslate();
  const record = useRecordContext();
  const dataProvider = useDataProvider<AppDataProvider>();
  const refresh = useRefresh();
  const recount = useRecountNewOrders();
  const [open, setOpen] = useState(false);
  if (!record) return null;
  return (
    <>
      <Button label="app.orders.changeStatus" onClick={() => setOpen(true)}>
        <EditNoteIcon />
      </Button>
      <FormDialog
        open={open}
        title={translate('app.orders.changeStatus')}
        record={{ status: record.status, note: record.note ?? '' }}
        schema={orderStatusSchema}
        save={(change) => dataProvider.setOrderStatus(record.id, change)}
        successMessage="app.orders.statusChanged"
        onSaved={() => {
          refresh();
          recount();
        }}
        onClose={() => setOpen(false)}
      >
        <CodeSelectInput source="status" label="resources.orders.fields.status" codes={ORDER_STATUSES} />
        <TextInput source="note" label="resources.orders.fields.note" multiline minRows={3} />
      </FormDialog>
    </>
  );
};
