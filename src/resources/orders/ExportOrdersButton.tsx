import DownloadIcon from '@mui/icons-material/Download';
import { Button, useDataProvider, useListContext, useLocaleState } from 'react-admin';
import type { AppDataProvider } from '../../dataProvider';
import { useBusyAction } from '../../hooks/useBusyAction';
import { saveBlob } from '../../http';

/** The orders the list shows (its search, status and sort), every page, as an xlsx file with headers in the user's language. */
export const ExportOrdersButton = () => {
  const dataProvider = useDataProvider<AppDataProvider>();
  const { filterValues, sort } = useListContext();
  const [locale] = useLocaleState();
  const { busy, run } = useBusyAction();
  const onClick = () =>
    run(async () => {
      const blob = await dataProvider.exportOrders({
        search_text: filterValues.q,
        status: filterValues.status,
        locale,
        order_by: sort.field,
        order_direction: sort.order === 'ASC' ? 'asc' : 'desc',
      });
      saveBlob(blob, `kit-orders-${new Date().toISOString().slice(0, 10)}.xlsx`);
    });
  return (
    <Button label="app.orders.export" onClick={onClick} disabled={busy}>
      <DownloadIcon />
    </Button>
  );
};
