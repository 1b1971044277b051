import { Box, Typography } from '@mui/material';
import BlockIcon from '@mui/icons-material/Block';
import HowToRegIcon from '@mui/icons-material/HowToReg';
import PendingActionsIcon from '@mui/icons-material/PendingActions';
import PeopleIcon from '@mui/icons-material/People';
import SchoolIcon from '@mui/icons-material/School';
import VerifiedUserIcon from '@mui/icons-material/VerifiedUser';
import { useTranslate } from 'react-admin';
import { USER_STATUS } from '../../../domain/codes';
import { type Permission, hasPermission } from '../../../domain/permissions';
import { CountCard, type CountCardProps } from './CountCard';

const CARDS: (CountCardProps & { permission: Permission })[] = [
  { resource: 'users', label: 'app.overview.users', icon: PeopleIcon, to: '/users', permission: 'access_users' },
  { resource: 'users', filter: { status: USER_STATUS.active }, label: 'app.overview.activeUsers', icon: HowToRegIcon, to: '/users', permission: 'access_users' },
  { resource: 'users', filter: { status: USER_STATUS.inactive }, label: 'app.overview.inactiveUsers', icon: BlockIcon, to: '/users', permission: 'access_users' },
  { resource: 'teachers', label: 'app.overview.teachers', icon: SchoolIcon, to: '/teachers', permission: 'access_teacher' },
  { resource: 'teacherRequests', label: 'app.overview.teacherRequests', icon: PendingActionsIcon, to: '/auth/teachers', permission: 'access_teacher' },
  { resource: 'roles', label: 'app.overview.roles', icon: VerifiedUserIcon, to: '/roles', permission: 'access_roles' },
];

/**
 * The admin's overview: counts read from the list calls that exist today.
 * (SPEC.md's evaluation, group and course counts come with those APIs.)
 */
export const AdminOverview = ({ permissions }: { permissions: readonly string[] }) => {
  const translate = useTranslate();
  const cards = CARDS.filter((c) => hasPermission(permissions, c.permission));
  return (
    <Box sx={{ py: 2 }}>
      <Typography variant="h5" component="h1" gutterBottom>
        {translate('app.overview.title')}
      </Typography>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', lg: 'repeat(3, 1fr)' } }}>
        {cards.map((card) => (
          <CountCard key={card.label} {...card} />
        ))}
      </Box>
    </Box>
  );
};
