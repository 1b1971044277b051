import { List } from 'react-admin';
import { ActiveStatusField } from '../../components/ActiveStatusField';
import { TeacherActiveButton } from './TeacherActiveButton';
import { TeacherDatagrid, teacherFilters, teacherPagination } from './TeacherDatagrid';
import { TeacherTabs } from './TeacherTabs';
import { useCan } from '../../useCan';

/** /teachers: approved teachers, with activate/deactivate for those who manage teachers. */
const TeacherList = () => {
  const canManage = useCan('teachers.manage');
  return (
    <>
      <TeacherTabs />
      <List
        resource="teachers"
        title="app.menu.teachers"
        filters={teacherFilters}
        sort={{ field: 'id', order: 'DESC' }}
        pagination={teacherPagination}
        exporter={false}
      >
        <TeacherDatagrid actions={canManage ? <TeacherActiveButton /> : undefined}>
          <ActiveStatusField source="removed" label="resources.users.fields.status" sortable={false} />
        </TeacherDatagrid>
      </List>
    </>
  );
};

export default TeacherList;
