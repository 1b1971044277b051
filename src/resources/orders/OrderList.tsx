import { Datagrid, EmailField, List, TextField, TopToolbar, FilterButton } from 'react-admin';
import { PAGE_SIZES } from '../../../domain/codes';
import { AppPagination } from '../../components/AppPagination';
import { LocaleDateField } from '../../components/LocaleDateField';
import { ExportOrdersButton } from './ExportOrdersButton';
import { orderFilters } from './OrderFilters';
import { OrderStatusField } from './OrderStatusField';
import { LocaleNumberField } from '../../components/LocaleNumberField';

const OrderActions = () => (
  <TopToolbar>
    <FilterButton />
    <ExportOrdersButton />
  </TopToolbar>
);

/** /orders: the kit orders, newest first, searchable, by status, exported to xlsx. */
const OrderList = () => (
  <List
    title="app.menu.orders"
    filters={orderFilters}
    actions={<OrderActions />}
    sort={{ field: 'created_at', order: 'DESC' }}
    perPage={PAGE_SIZES[0]}
    pagination={<AppPagination />}
    exporter={false}
  >
    <Datagrid rowClick="show" bulkActionButtons={false}>
      <TextField source="id" />
      <LocaleDateField source="created_at" showTime />
      <TextField source="entity" />
      <LocaleNumberField source="kits_no" />
      <TextField source="contact_name" sortable={false} />
      <EmailField source="email" sortable={false} onClick={(e) => e.stopPropagation()} />
      <TextField source="phone_number" sortable={false} sx={{ direction: 'ltr', unicodeBidi: 'embed' }} />
      <OrderStatusField source="status" />
    </Datagrid>
  </List>
);

export default OrderList;
