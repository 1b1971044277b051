import { useState } from 'react';
import { Box, Tab, Tabs } from '@mui/material';
import { useTranslate } from 'react-admin';
import { SchoolPicker } from '../../components/SchoolPicker';
import { schoolParam, useCurrentSchool } from '../../hooks/useCurrentSchool';
import { GroupAssignForm } from './GroupAssignForm';
import { GroupBoard } from './GroupBoard';
import { StudentList } from './StudentList';

/** /school-students: the school's students (one by one or from the template), and their places in groups. */
const SchoolStudentsPage = () => {
  const translate = useTranslate();
  const { schoolId, ownSchool } = useCurrentSchool();
  const param = schoolParam(schoolId, ownSchool);
  const [tab, setTab] = useState(0);
  return (
    <Box>
      <SchoolPicker />
      {schoolId && (
        <>
          <Tabs value={tab} onChange={(_e, v: number) => setTab(v)} aria-label={translate('app.menu.schoolStudents')}>
            <Tab label={translate('app.schools.tabs.students')} />
            <Tab label={translate('app.schools.tabs.groups')} />
          </Tabs>
          {tab === 0 && <StudentList filter={param} title="app.menu.schoolStudents" />}
          {tab === 1 && (
            <Box sx={{ py: 2 }}>
              <GroupBoard schoolParam={param} />
              <GroupAssignForm schoolParam={param} />
            </Box>
          )}
        </>
      )}
    </Box>
  );
};

export default SchoolStudentsPage;
