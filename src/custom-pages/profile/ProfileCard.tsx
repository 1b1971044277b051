import type { ReactNode } from 'react';
import { Box, Card, CardContent, Chip, Stack, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { COUNTRIES, USER_TYPE, USER_TYPES } from '../../../domain/codes';
import { ROLE } from '../../../domain/permissions';
import { UserAvatar } from '../../components/UserAvatar';
import type { SessionUser } from '../../session';

const codeLabel = (
  translate: ReturnType<typeof useTranslate>,
  codes: readonly { id: unknown; labelKey: string }[],
  value: unknown,
) => {
  const code = codes.find((c) => String(c.id) === String(value));
  return code ? translate(code.labelKey) : value ? String(value) : '';
};

/** The profile card: picture (or the gender's default), name, one badge per role, and the actions. */
export const ProfileCard = ({ user, actions }: { user: SessionUser; actions: ReactNode }) => {
  const translate = useTranslate();
  const details: [string, string][] = [
    ['email', user.email],
    // the account type says family or teacher; staff accounts (admins, markers) are neither
    [
      'type',
      user.roles.includes(ROLE.student) || user.roles.includes(ROLE.teacher) || user.type !== USER_TYPE.family
        ? codeLabel(translate, USER_TYPES, user.type)
        : '',
    ],
    ['country', codeLabel(translate, COUNTRIES, user.country)],
    ['city', String(user.city ?? '')],
    ['job_title', String(user.job_title ?? '')],
  ];
  return (
    <Card component="section" aria-label={translate('app.profile.title')}>
      <CardContent>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={3} sx={{ alignItems: { sm: 'center' } }}>
          <UserAvatar photo={user.photo} gender={user.gender} name={user.name} size={112} />
          <Box sx={{ flex: 1 }}>
            <Typography variant="h5" component="h1">
              {user.name}
            </Typography>
            <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 0.5, my: 1 }}>
              {user.roles.map((role) => (
                <Chip key={role} color="primary" size="small" label={translate(`app.roles.${role}`, { _: role })} />
              ))}
            </Stack>
            <Box
              component="dl"
              sx={{ display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: 2, rowGap: 0.5, m: 0 }}
            >
              {details
                .filter(([, value]) => value)
                .map(([field, value]) => (
                  <Box key={field} sx={{ display: 'contents' }}>
                    <Typography component="dt" variant="body2" color="text.secondary">
                      {translate(`resources.users.fields.${field}`)}
                    </Typography>
                    <Typography component="dd" variant="body2" sx={{ m: 0, wordBreak: 'break-word' }}>
                      {value}
                    </Typography>
                  </Box>
                ))}
            </Box>
          </Box>
        </Stack>
        <Stack direction="row" sx={{ mt: 2, flexWrap: 'wrap', gap: 1 }}>
          {actions}
        </Stack>
      </CardContent>
    </Card>
  );
};
