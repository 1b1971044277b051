import { List } from 'react-admin';
import { DEGREES, EXPERIENCE } from '../../../domain/codes';
import { CodeField } from '../../components/CodeField';
import { TeacherDatagrid, teacherFilters, teacherPagination } from '../teachers/TeacherDatagrid';
import { TeacherTabs } from '../teachers/TeacherTabs';
import { DeleteUserButton } from '../users/DeleteUserButton';
import { ApproveTeacherButton } from './ApproveTeacherButton';
import { useCan } from '../../useCan';

/** /auth/teachers: teachers waiting for approval; approve, refuse or delete them. */
const TeacherRequestList = () => {
  const canManage = useCan('teachers.manage');
  return (
    <>
      <TeacherTabs />
      <List
        resource="teacherRequests"
        title="app.teachers.requests"
        filters={teacherFilters}
        sort={{ field: 'id', order: 'DESC' }}
        pagination={teacherPagination}
        exporter={false}
      >
        <TeacherDatagrid
          actions={
            canManage ? (
              <>
                <ApproveTeacherButton />
                <ApproveTeacherButton approve={false} />
                <DeleteUserButton resource="teacherRequests" />
              </>
            ) : undefined
          }
        >
          <CodeField source="degree" codes={DEGREES} sortable={false} />
          <CodeField source="experience" codes={EXPERIENCE} sortable={false} />
        </TeacherDatagrid>
      </List>
    </>
  );
};

export default TeacherRequestList;
