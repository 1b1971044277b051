import { Box, Button as MuiButton, Grid } from '@mui/material';
import ListIcon from '@mui/icons-material/ViewList';
import SortIcon from '@mui/icons-material/SwapVert';
import { EditButton, ShowBase, TopToolbar, useRecordContext, useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import { Title } from 'react-admin';
import { DeleteGroupButton } from './DeleteGroupButton';
import { GroupActivities } from './GroupActivities';
import { GroupInfoCard } from './GroupInfoCard';
import { GroupStudents } from './GroupStudents';
import { HideGroupButton } from './HideGroupButton';
import { ToggleExamButton } from './ToggleExamButton';

const Actions = () => {
  const record = useRecordContext();
  const translate = useTranslate();
  if (!record) return null;
  return (
    <TopToolbar sx={{ flexWrap: 'wrap', gap: 1 }}>
      <MuiButton size="small" component={Link} to={`/show/all/${record.id}`} startIcon={<ListIcon />}>
        {translate('app.groups.showAll')}
      </MuiButton>
      <MuiButton
        size="small"
        component={Link}
        to={`/groups/group/sorted/students/${record.id}`}
        startIcon={<SortIcon />}
      >
        {translate('app.groups.orderStudents')}
      </MuiButton>
      <ToggleExamButton />
      <HideGroupButton />
      <EditButton />
      <DeleteGroupButton />
    </TopToolbar>
  );
};

const PageTitle = () => {
  const record = useRecordContext();
  return <Title title={String(record?.name ?? '')} />;
};

/**
 * A group's page (docs/PRODUCT.md §2 "Group detail"): students by page, the activities handed in (delete one after a
 * confirmation), info, edit, delete, exam toggle, Show All.
 */
const GroupShow = () => (
  <ShowBase>
    <PageTitle />
    <Actions />
    <Box sx={{ mt: 1 }}>
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, md: 7 }}>
          <GroupStudents />
          <GroupActivities />
        </Grid>
        <Grid size={{ xs: 12, md: 5 }}>
          <GroupInfoCard />
        </Grid>
      </Grid>
    </Box>
  </ShowBase>
);

export default GroupShow;
