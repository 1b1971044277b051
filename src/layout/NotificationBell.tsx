import { useEffect, useRef, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Badge,
  Box,
  Button,
  Divider,
  IconButton,
  ListItemIcon,
  ListItemText,
  Menu,
  MenuItem,
  Stack,
  Tooltip,
  Typography,
} from '@mui/material';
import AssessmentIcon from '@mui/icons-material/Assessment';
import AssignmentIcon from '@mui/icons-material/Assignment';
import GradingIcon from '@mui/icons-material/Grading';
import MailIcon from '@mui/icons-material/Mail';
import NotificationsIcon from '@mui/icons-material/Notifications';
import StarIcon from '@mui/icons-material/Star';
import WorkspacePremiumIcon from '@mui/icons-material/WorkspacePremium';
import { useDataProvider, useLocaleState, useNotify, useTranslate } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import { VISUALLY_HIDDEN } from '../components/visuallyHidden';
import type { AppDataProvider } from '../dataProvider';
import type { Notification } from '../dataProvider/activities';
import { DotList } from '../components/DotList';
import { formatDate } from '../../domain/format';

const ICONS = {
  assignment: AssignmentIcon,
  grading: GradingIcon,
  star: StarIcon,
  mail: MailIcon,
  assessment: AssessmentIcon,
  workspace_premium: WorkspacePremiumIcon,
} as const;
const POLL_MS = 60_000;

/**
 * The top bar's notifications (POST /users/notifications): a bell with the
 * unread count; the latest ones in a menu, each opening its link and
 * marked read; new ones are also announced for a few seconds.
 */
export const NotificationBell = () => {
  const translate = useTranslate();
  const notify = useNotify();
  const navigate = useNavigate();
  const [locale] = useLocaleState();
  const dataProvider = useDataProvider<AppDataProvider>();
  const queryClient = useQueryClient();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const { data } = useQuery({
    queryKey: ['notifications'],
    queryFn: () => dataProvider.getNotifications({ limit: 10 }),
    refetchInterval: POLL_MS,
    // the top bar is outside every page: a refused read shows no page state (src/queryClient.ts)
    throwOnError: false,
  });
  const items: Notification[] = Array.isArray(data?.notifications) ? data.notifications : [];
  const unread = typeof data?.unread === 'number' ? data.unread : 0;
  const text = (n: Notification) => translate(n.message, { ...n.params, _: n.message });

  // announce notifications that arrived since the last look (not those there at sign-in)
  const newest = useRef<number | null>(null);
  useEffect(() => {
    if (!data) return;
    const top = items[0]?.id ?? 0;
    if (newest.current !== null && top > newest.current) {
      const fresh = items.filter((n) => n.id > newest.current! && !n.read);
      if (fresh[0]) notify(text(fresh[0]), { type: 'info', autoHideDuration: fresh[0].timeout });
    }
    newest.current = Math.max(newest.current ?? 0, top);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [data]);

  const refresh = () => queryClient.invalidateQueries({ queryKey: ['notifications'] });
  const open = async (n: Notification) => {
    setAnchor(null);
    if (!n.read) await dataProvider.readNotifications([n.id]).catch(() => undefined);
    void refresh();
    if (n.link?.startsWith('/')) navigate(n.link);
  };
  const readAll = async () => {
    await dataProvider.readNotifications().catch(() => undefined);
    void refresh();
  };
  const label = translate('app.notifications.title', { smart_count: unread });
  // The button is named by its content, the count it shows first, then the words read out
  // (WCAG 2.5.3 Label in Name: "لا إشعارات جديدة" or "إشعار واحد غير مقروء" as aria-label
  // did not contain the "0" or "1" on the badge). No badge at all when nothing is unread.
  return (
    <>
      <Tooltip title={label} describeChild>
        <IconButton
          color="inherit"
          aria-label={undefined}
          aria-haspopup="menu"
          onClick={(e) => setAnchor(e.currentTarget)}
        >
          {unread ? (
            <Badge badgeContent={unread} color="error" max={99}>
              <NotificationsIcon />
            </Badge>
          ) : (
            <NotificationsIcon />
          )}
          <Box component="span" sx={VISUALLY_HIDDEN}>
            {` ${label}`}
          </Box>
        </IconButton>
      </Tooltip>
      <Menu
        anchorEl={anchor}
        open={!!anchor}
        onClose={() => setAnchor(null)}
        slotProps={{ paper: { sx: { width: 380, maxWidth: '95vw' } } }}
      >
        <Stack direction="row" sx={{ px: 2, py: 1, alignItems: 'center' }}>
          <Typography variant="subtitle1" component="h2" sx={{ flex: 1 }}>
            {translate('app.notifications.heading')}
          </Typography>
          {unread ? (
            <Button size="small" onClick={() => void readAll()}>
              {translate('app.notifications.readAll')}
            </Button>
          ) : null}
        </Stack>
        <Divider />
        {items.length ? (
          items.map((n) => {
            const Icon = ICONS[n.icon as keyof typeof ICONS] ?? NotificationsIcon;
            return (
              <MenuItem
                key={n.id}
                onClick={() => void open(n)}
                sx={{ whiteSpace: 'normal', alignItems: 'flex-start', bgcolor: n.read ? undefined : 'action.selected' }}
              >
                <ListItemIcon sx={{ mt: 0.5 }}>
                  <Icon fontSize="small" color={n.read ? 'disabled' : 'primary'} />
                </ListItemIcon>
                <ListItemText
                  primary={translate(n.title)}
                  secondary={
                    <DotList parts={[text(n), formatDate(n.created_at, locale, { day: 'numeric', month: 'short' })]} />
                  }
                  slotProps={{ primary: { sx: { fontWeight: n.read ? 400 : 700 } } }}
                />
              </MenuItem>
            );
          })
        ) : (
          <MenuItem disabled>{translate('app.notifications.none')}</MenuItem>
        )}
      </Menu>
    </>
  );
};
