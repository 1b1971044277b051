import { List, usePermissions } from 'react-admin';
import { hasPermission } from '../../../domain/permissions';
import { ActiveStatusField } from '../../components/ActiveStatusField';
import { TeacherActiveButton } from './TeacherActiveButton';
import { TeacherDatagrid, teacherFilters, teacherPagination } from './TeacherDatagrid';
import { TeacherTabs } from './TeacherTabs';

/** /teachers: approved teachers, with activate/deactivate for those who manage teachers. */
const TeacherList = () => {
  const { permissions } = usePermissions<string[]>();
  const canManage = Array.isArray(permissions) && hasPermission(permissions, 'access_teacher');
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
