import { Tab, Tabs } from '@mui/material';
import { LinkBase, useLocation, useTranslate } from 'react-admin';

/** The three teacher lists: all approved, active, waiting for approval. */
const TABS = [
  { path: '/teachers', label: 'app.teachers.all' },
  { path: '/active_teacher', label: 'app.teachers.active' },
  { path: '/auth/teachers', label: 'app.teachers.requests' },
];

export const TeacherTabs = () => {
  const translate = useTranslate();
  const { pathname } = useLocation();
  const current = TABS.find((t) => pathname === t.path || pathname.startsWith(`${t.path}/`))?.path ?? false;
  return (
    <Tabs value={current} sx={{ mb: 1 }} variant="scrollable" allowScrollButtonsMobile>
      {TABS.map((t) => (
        <Tab key={t.path} value={t.path} label={translate(t.label)} component={LinkBase} to={t.path} />
      ))}
    </Tabs>
  );
};
