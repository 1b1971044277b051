import { useState } from 'react';
import CheckIcon from '@mui/icons-material/Check';
import CloseIcon from '@mui/icons-material/Close';
import { Button, TextInput, useDataProvider, useRecordContext, useRefresh, useTranslate } from 'react-admin';
import { z } from 'zod';
import { SEAT_STATUS, seatStage } from '../../../domain/schools';
import { optionalText } from '../../../domain/schemas/fields';
import type { AppDataProvider } from '../../dataProvider';
import { FormDialog } from '../../components/FormDialog';

const noteSchema = z.object({ note: optionalText(1000) });

/** Approve or decline a request at this step (region, then platform), with an optional note. */
export const DecideButtons = ({ step }: { step: 'region' | 'admin'; label?: string }) => {
  const translate = useTranslate();
  const record = useRecordContext();
  const dataProvider = useDataProvider<AppDataProvider>();
  const refresh = useRefresh();
  const [decision, setDecision] = useState<1 | 2>();
  if (!record || seatStage(record as unknown as { status: number; region_status: number }) !== step) return null;
  return (
    <span onClick={(e) => e.stopPropagation()} style={{ display: 'inline-flex', gap: 4 }}>
      <Button label="app.seats.approve" color="success" onClick={() => setDecision(SEAT_STATUS.approved)}>
        <CheckIcon />
      </Button>
      <Button label="app.seats.decline" color="error" onClick={() => setDecision(SEAT_STATUS.declined)}>
        <CloseIcon />
      </Button>
      {decision && (
        <FormDialog
          open
          title={translate(decision === SEAT_STATUS.approved ? 'app.seats.approveTitle' : 'app.seats.declineTitle', {
            smart_count: record.seats,
            school: record.school_name,
          })}
          schema={noteSchema}
          save={(v) => dataProvider.decideSeatRequest(step, record.id, decision, v.note)}
          successMessage={decision === SEAT_STATUS.approved ? 'app.seats.approved' : 'app.seats.declined'}
          onSaved={refresh}
          onClose={() => setDecision(undefined)}
        >
          <TextInput source="note" label="resources.seatRequests.fields.note" multiline minRows={2} fullWidth />
        </FormDialog>
      )}
    </span>
  );
};
