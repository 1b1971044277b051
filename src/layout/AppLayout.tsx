import type { ReactNode } from 'react';
import { Box, type Theme, useMediaQuery } from '@mui/material';
import { AppBar, Layout, LoadingIndicator, TitlePortal, UserMenu, useGetIdentity, useTranslate } from 'react-admin';
import { PageStateBoundary } from '../components/PageState';
import { AppMenu } from './AppMenu';
import { NotificationBell } from './NotificationBell';
import { RouteEffects } from './RouteEffects';
import { LocalesMenu } from '../components/LocalesMenu';

/**
 * On a phone the language menu shows its icon alone (the language's name stays its accessible name), leaving the
 * room to the page's title (docs/PRODUCT.md §2 "Phones").
 */
const compactLanguageSx = {
  '& .MuiButton-root': { fontSize: { xs: 0, sm: undefined }, minWidth: { xs: 40, sm: undefined } },
  '& .MuiButton-startIcon': { mx: { xs: 0, sm: undefined } },
  '& .MuiButton-endIcon': { display: { xs: 'none', sm: 'inherit' } },
} as const;

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
      <Box component="span" sx={compactLanguageSx}>
        <LocalesMenu />
      </Box>
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
  // below `sm` the button is an icon, and react-admin translates its label again with "Profile" as the default: a
  // key there (translated), so that a phone is not told "Profile" in English
  const showsName = useMediaQuery((theme: Theme) => theme.breakpoints.up('sm'));
  return <UserMenu label={name && showsName ? translate('app.userMenu', { name }) : 'ra.auth.user_menu'} />;
};

/** On a phone a long page title wraps onto a second line, smaller, instead of being cut behind the icons. */
const titleSx = {
  whiteSpace: { xs: 'normal', sm: 'nowrap' },
  overflowWrap: 'anywhere',
  fontSize: { xs: '1rem', sm: '1.25rem' },
  lineHeight: { xs: 1.3, sm: 1.6 },
  py: { xs: 0.5, sm: 0 },
} as const;

const AppAppBar = () => (
  <AppBar color="primary" toolbar={<AppToolbar />} userMenu={<AppUserMenu />}>
    <TitlePortal sx={titleSx} />
  </AppBar>
);

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
