import { List, usePermissions } from 'react-admin';
import { hasPermission } from '../../../domain/permissions';
import { TeacherActiveButton } from '../teachers/TeacherActiveButton';
import { TeacherDatagrid, teacherFilters, teacherPagination } from '../teachers/TeacherDatagrid';
import { TeacherTabs } from '../teachers/TeacherTabs';

/** /active_teacher: approved teachers whose accounts are active. */
const ActiveTeacherList = () => {
  const { permissions } = usePermissions<string[]>();
  const canManage = Array.isArray(permissions) && hasPermission(permissions, 'access_teacher');
  return (
    <>
      <TeacherTabs />
      <List
        resource="activeTeachers"
        title="app.menu.activeTeachers"
        filters={teacherFilters}
        sort={{ field: 'id', order: 'DESC' }}
        pagination={teacherPagination}
        exporter={false}
      >
        <TeacherDatagrid actions={canManage ? <TeacherActiveButton /> : undefined} />
      </List>
    </>
  );
};

export default ActiveTeacherList;
