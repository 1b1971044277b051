import type { ReactNode } from 'react';
import { AppBar, Layout } from 'react-admin';
import { AppMenu } from './AppMenu';
import { RouteEffects } from './RouteEffects';

const AppAppBar = () => <AppBar color="primary" />;

export const AppLayout = ({ children }: { children: ReactNode }) => (
  <Layout menu={AppMenu} appBar={AppAppBar}>
    <RouteEffects />
    {children}
  </Layout>
);
