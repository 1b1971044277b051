import {
  Datagrid,
  DeleteWithConfirmButton,
  List,
  SearchInput,
  TextField,
  TopToolbar,
  useRecordContext,
} from 'react-admin';
import { PAGE_SIZES } from '../../../domain/codes';
import { AppPagination } from '../../components/AppPagination';
import { SchoolPicker } from '../../components/SchoolPicker';
import { schoolParam, useCurrentSchool } from '../../hooks/useCurrentSchool';
import { AddClassButton, EditClassButton } from './ClassDialogs';
import { LocaleNumberField } from '../../components/LocaleNumberField';

const RowActions = (_props: { label?: string }) => {
  const record = useRecordContext();
  if (!record) return null;
  return (
    <span onClick={(e) => e.stopPropagation()} style={{ display: 'inline-flex', gap: 4, whiteSpace: 'nowrap' }}>
      <EditClassButton />
      <DeleteWithConfirmButton
        confirmTitle="app.schools.deleteClassTitle"
        confirmContent="app.schools.deleteClassContent"
        translateOptions={{ name: record.name }}
      />
    </span>
  );
};

/** /school: the school's classes (name, number, students); a class opens its students. */
const SchoolClassList = () => {
  const { schoolId, ownSchool } = useCurrentSchool();
  const param = schoolParam(schoolId, ownSchool);
  return (
    <>
      <SchoolPicker />
      {schoolId && (
        <List
          resource="schoolClasses"
          title="app.menu.schoolClasses"
          filter={param}
          filters={[<SearchInput key="q" source="q" alwaysOn />]}
          sort={{ field: 'number', order: 'ASC' }}
          perPage={PAGE_SIZES[1]}
          pagination={<AppPagination />}
          exporter={false}
          actions={
            <TopToolbar>
              <AddClassButton schoolParam={param} />
            </TopToolbar>
          }
        >
          <Datagrid bulkActionButtons={false} rowClick={(id) => `/school/${id}`}>
            <LocaleNumberField source="number" />
            <TextField source="name" />
            <LocaleNumberField source="students_count" sortable={false} />
            <RowActions label="" />
          </Datagrid>
        </List>
      )}
    </>
  );
};

export default SchoolClassList;
