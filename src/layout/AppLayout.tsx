import type { ReactNode } from 'react';
import { Layout } from 'react-admin';
import { AppMenu } from './AppMenu';
import { RouteEffects } from './RouteEffects';

export const AppLayout = ({ children }: { children: ReactNode }) => (
  <Layout menu={AppMenu}>
    <RouteEffects />
    {children}
  </Layout>
);
