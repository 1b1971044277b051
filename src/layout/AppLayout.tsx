import type { ReactNode } from 'react';
import { AppBar, Layout, LoadingIndicator, LocalesMenuButton } from 'react-admin';
import { PageStateBoundary } from '../components/PageState';
import { AppMenu } from './AppMenu';
import { NotificationBell } from './NotificationBell';
import { RouteEffects } from './RouteEffects';

/** react-admin's toolbar (language menu, loading indicator) with the notifications bell before it. */
const AppToolbar = () => (
  <>
    <NotificationBell />
    <LocalesMenuButton />
    <LoadingIndicator />
  </>
);

const AppAppBar = () => <AppBar color="primary" toolbar={<AppToolbar />} />;

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
