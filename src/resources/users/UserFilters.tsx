import { SearchInput } from 'react-admin';
import { USER_STATUS, USER_TYPES } from '../../../domain/codes';
import { CodeSelectInput } from '../../components/CodeSelectInput';

const STATUSES = [
  { id: USER_STATUS.active, labelKey: 'app.users.active' },
  { id: USER_STATUS.inactive, labelKey: 'app.users.inactive' },
];

/** Search (search_text), account state (status) and type. */
export const userFilters = [
  <SearchInput key="q" source="q" alwaysOn />,
  <CodeSelectInput key="status" source="status" label="resources.users.fields.status" codes={STATUSES} alwaysOn />,
  <CodeSelectInput key="type" source="type" label="resources.users.fields.type" codes={USER_TYPES} />,
];
