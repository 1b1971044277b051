import { List } from 'react-admin';
import { TeacherActiveButton } from '../teachers/TeacherActiveButton';
import { TeacherDatagrid, teacherFilters, teacherPagination } from '../teachers/TeacherDatagrid';
import { TeacherTabs } from '../teachers/TeacherTabs';
import { useCan } from '../../useCan';

/** /active_teacher: approved teachers whose accounts are active. */
const ActiveTeacherList = () => {
  const canManage = useCan('teachers.manage');
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
