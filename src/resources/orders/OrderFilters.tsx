import { SearchInput } from 'react-admin';
import { ORDER_STATUSES } from '../../../domain/codes';
import { CodeSelectInput } from '../../components/CodeSelectInput';

/** Search (entity, email, contact, phone, address) and status. */
export const orderFilters = [
  <SearchInput key="q" source="q" alwaysOn />,
  <CodeSelectInput
    key="status"
    source="status"
    label="resources.orders.fields.status"
    codes={ORDER_STATUSES}
    alwaysOn
  />,
];
