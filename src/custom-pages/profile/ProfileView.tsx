import { Suspense, useState } from 'react';
import { Alert, Box, Button } from '@mui/material';
import EditIcon from '@mui/icons-material/Edit';
import KeyIcon from '@mui/icons-material/Key';
import { Loading, useTranslate } from 'react-admin';
import { ROLE } from '../../../domain/permissions';
import { ChildrenSection } from './ChildrenSection';
import { ChangePasswordDialog, EditProfileDialog } from './dialogs';
import { PhotoButton } from './PhotoButton';
import { ProfileCard } from './ProfileCard';
import { TeacherGroupsSection } from './TeacherGroupsSection';
import { useMe, useReloadMe } from './useMe';
import { useCan } from '../../useCan';

/** The signed-in user's profile: card, edit, photo, password, and a family's children. */
export const ProfileView = () => {
  const translate = useTranslate();
  const { data: user, isPending, error } = useMe();
  const reload = useReloadMe();
  const [dialog, setDialog] = useState<'edit' | 'password' | null>(null);
  const managesGroups = useCan('groups.manage');
  if (isPending) return <Loading />;
  if (error || !user)
    return (
      <Alert severity="error">
        {translate((error as Error | null)?.message ?? 'ra.notification.http_error', {
          _: (error as Error | null)?.message ?? '',
        })}
      </Alert>
    );
  return (
    <Box sx={{ py: 2 }}>
      <ProfileCard
        user={user}
        actions={
          <>
            <Button variant="contained" startIcon={<EditIcon />} onClick={() => setDialog('edit')}>
              {translate('app.profile.edit')}
            </Button>
            <PhotoButton userId={user.id} onSaved={() => void reload()} />
            <Button variant="outlined" startIcon={<KeyIcon />} onClick={() => setDialog('password')}>
              {translate('app.profile.changePassword')}
            </Button>
          </>
        }
      />
      {/* docs/PRODUCT.md §6 "What each role sees": families (the student role) see add-child and their children */}
      {user.roles.includes(ROLE.student) ? <ChildrenSection parentId={user.id} /> : null}
      {/* docs/PRODUCT.md §6 "What each role sees": teachers see their groups, with a students link and an answers button */}
      {user.roles.includes(ROLE.teacher) && managesGroups ? <TeacherGroupsSection teacherId={user.id} /> : null}
      <Suspense fallback={null}>
        {dialog === 'edit' ? (
          <EditProfileDialog user={user} open onClose={() => setDialog(null)} onSaved={() => void reload()} />
        ) : null}
        {dialog === 'password' ? <ChangePasswordDialog userId={user.id} open onClose={() => setDialog(null)} /> : null}
      </Suspense>
    </Box>
  );
};
