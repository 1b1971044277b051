import { Chip } from '@mui/material';
import { useLocaleState, useRecordContext, useTranslate } from 'react-admin';
import { SEAT_REQUEST_STATUSES } from '../../../domain/codes';
import { SEAT_STATUS, seatStage } from '../../../domain/schools';
import { formatDate } from '../../../domain/format';
import { DotList } from '../../components/DotList';

/** A request's state: who it waits for, or how it ended. */
export const SeatStatusField = (_props: { label?: string; sortable?: boolean }) => {
  const translate = useTranslate();
  const record = useRecordContext();
  if (!record) return null;
  const stage = seatStage(record as unknown as { status: number; region_status: number });
  const code = SEAT_REQUEST_STATUSES.find((c) => c.id === record.status);
  const label =
    stage === 'region'
      ? translate('app.seats.stage.region')
      : stage === 'admin'
        ? translate('app.seats.stage.admin')
        : translate(code?.labelKey ?? '');
  const color =
    record.status === SEAT_STATUS.approved ? 'success' : record.status === SEAT_STATUS.declined ? 'error' : 'warning';
  return <Chip size="small" color={color} label={label} />;
};

/** Who decided a step and when (or nothing yet). */
export const DecisionField = ({ step }: { step: 'region' | 'admin'; label?: string; sortable?: boolean }) => {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const record = useRecordContext();
  if (!record) return null;
  const by = record[`${step}_decided_by_name`];
  const at = record[`${step}_decided_at`];
  const note = record[`${step}_note`];
  if (!at) return <span>—</span>;
  const decided = step === 'region' ? record.region_status : record.status;
  const code = SEAT_REQUEST_STATUSES.find((c) => c.id === decided);
  return (
    <span>
      {/* each part isolated: a Latin name between an Arabic status and a date would reorder them */}
      <DotList parts={[translate(code?.labelKey ?? ''), by, formatDate(at, locale)]} />
      {note ? (
        <>
          <br />
          <em>
            <bdi>{note}</bdi>
          </em>
        </>
      ) : null}
    </span>
  );
};
