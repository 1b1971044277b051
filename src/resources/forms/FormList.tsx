import {
  BooleanInput,
  CreateButton,
  Datagrid,
  EditButton,
  List,
  SearchInput,
  TextField,
  TopToolbar,
} from 'react-admin';
import { PAGE_SIZES } from '../../../domain/codes';
import { AppPagination } from '../../components/AppPagination';
import { LocaleDateField } from '../../components/LocaleDateField';
import { LocalizedTitleField } from './LocalizedTitleField';
import { PublishedField } from './PublishedField';
import { LocaleNumberField } from '../../components/LocaleNumberField';

const filters = [
  <SearchInput key="q" source="q" alwaysOn />,
  <BooleanInput key="published" source="published" label="resources.forms.fields.published" />,
];

/** /forms: the questionnaires, with their answer counts; a published one is on the public page. */
const FormList = () => (
  <List
    title="app.menu.forms"
    filters={filters}
    actions={
      <TopToolbar>
        <CreateButton />
      </TopToolbar>
    }
    sort={{ field: 'updated_at', order: 'DESC' }}
    perPage={PAGE_SIZES[0]}
    pagination={<AppPagination />}
    exporter={false}
  >
    <Datagrid rowClick="show" bulkActionButtons={false}>
      <TextField source="id" />
      <LocalizedTitleField source="title" sortable={false} />
      <PublishedField source="published" sortable={false} />
      <LocaleNumberField source="answers_count" sortable={false} />
      <LocaleDateField source="updated_at" showTime />
      <EditButton />
    </Datagrid>
  </List>
);

export default FormList;
