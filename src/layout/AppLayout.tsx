import type { ReactNode } from 'react';
import { AppBar, Layout } from 'react-admin';
import { AppMenu } from './AppMenu';
import { RouteEffects } from './RouteEffects';

const AppAppBar = () => <AppBar color="primary" />;

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
    {children}
  </Layout>
);
