import type { ReactElement } from 'react';
import { Button, type RaRecord, useDataProvider, useNotify, useRecordContext, useRefresh } from 'react-admin';
import type { AppDataProvider } from '../dataProvider';
import { useBusyAction } from '../hooks/useBusyAction';

interface RecordActionButtonProps {
  label: string;
  icon: ReactElement;
  color: 'success' | 'warning' | 'primary' | 'error';
  /** i18n key shown when the action succeeded */
  successMessage: string;
  action: (dataProvider: AppDataProvider, record: RaRecord) => Promise<unknown>;
}

/**
 * A button that runs one of the data provider's named actions on the
 * current record, then notifies and refreshes; disabled while it runs.
 */
export const RecordActionButton = ({ label, icon, color, successMessage, action }: RecordActionButtonProps) => {
  const record = useRecordContext();
  const dataProvider = useDataProvider<AppDataProvider>();
  const notify = useNotify();
  const refresh = useRefresh();
  const { busy, run } = useBusyAction();
  if (!record) return null;
  const onClick = async (event: React.MouseEvent) => {
    event.stopPropagation();
    await run(async () => {
      await action(dataProvider, record);
      notify(successMessage, { type: 'success' });
      refresh();
    });
  };
  return (
    <Button label={label} onClick={onClick} disabled={busy} color={color}>
      {icon}
    </Button>
  );
};
