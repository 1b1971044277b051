import { useState } from 'react';
import AddIcon from '@mui/icons-material/Add';
import { Button, NumberInput, TextInput, useCreate, useRefresh, useTranslate } from 'react-admin';
import { seatRequestSchema } from '../../../domain/schemas/schools';
import { FormDialog } from '../../components/FormDialog';

/** A school admin asks for more seats (POST /schools/add/request); the region admin decides first. */
export const RequestSeatsButton = ({ schoolParam }: { schoolParam: Record<string, unknown> }) => {
  const translate = useTranslate();
  const [create] = useCreate();
  const refresh = useRefresh();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button label="app.seats.request" variant="contained" onClick={() => setOpen(true)}>
        <AddIcon />
      </Button>
      <FormDialog
        open={open}
        title={translate('app.seats.request')}
        schema={seatRequestSchema}
        save={(data) => create('seatRequests', { data: { ...data, ...schoolParam } }, { returnPromise: true })}
        successMessage="app.seats.requested"
        onSaved={refresh}
        onClose={() => setOpen(false)}
      >
        <NumberInput source="seats" label="resources.seatRequests.fields.seats" min={1} />
        <TextInput source="note" label="resources.seatRequests.fields.note" multiline minRows={2} fullWidth />
      </FormDialog>
    </>
  );
};
