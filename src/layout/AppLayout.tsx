import type { ReactNode } from 'react';
import {
  AppBar,
  Layout,
  LoadingIndicator,
  LocalesMenuButton,
  UserMenu,
  useGetIdentity,
  useTranslate,
} from 'react-admin';
import { PageStateBoundary } from '../components/PageState';
import { AppMenu } from './AppMenu';
import { NotificationBell } from './NotificationBell';
import { RouteEffects } from './RouteEffects';

/**
 * react-admin's toolbar (language menu, loading indicator) with the notifications bell before it.
 * The indicator passes its other props to its spinner: the spinner is named (WCAG 4.1.2).
 */
const AppToolbar = () => {
  const translate = useTranslate();
  const named = { 'aria-label': translate('ra.page.loading') } as object;
  return (
    <>
      <NotificationBell />
      <LocalesMenuButton />
      <LoadingIndicator {...named} />
    </>
  );
};

/**
 * react-admin's user menu, whose button shows the user's name: its accessible
 * name starts with that name, so what is seen is what speech input and screen
 * readers hear (WCAG 2.5.3 Label in Name; react-admin's own label is "Profile" alone).
 */
const AppUserMenu = () => {
  const translate = useTranslate();
  const { identity } = useGetIdentity();
  const name = identity?.fullName;
  return <UserMenu label={name ? translate('app.userMenu', { name }) : 'ra.auth.user_menu'} />;
};

const AppAppBar = () => <AppBar color="primary" toolbar={<AppToolbar />} userMenu={<AppUserMenu />} />;

/**
 * Wide tables scroll inside their card instead of widening the page
 * (react-admin's layout is `min-width: fit-content`; right-to-left that
 * pushes the page off to the left).
 */
const contentSx = {
  minWidth: 0,
  '& .RaLayout-content, & .RaList-main': { minWidth: 0 },
  '& .RaDatagrid-tableWrapper': { overflowX: 'auto' },
} as const;

export const AppLayout = ({ children }: { children: ReactNode }) => (
  <Layout menu={AppMenu} appBar={AppAppBar} sx={contentSx}>
    <RouteEffects />
    {/* resource pages: a refused load shows the page state (custom pages have their own, src/routes.tsx) */}
    <PageStateBoundary>{children}</PageStateBoundary>
  </Layout>
);
