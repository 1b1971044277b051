import { type ComponentType, lazy, type LazyExoticComponent, Suspense } from 'react';
import { Loading } from 'react-admin';
import type { PublicPagePath } from './publicPaths';

/** A page in its own chunk, loaded when first visited. */
export const lazyPage = (load: () => Promise<{ default: ComponentType }>) => {
  const Page: LazyExoticComponent<ComponentType> = lazy(load);
  const Wrapped = () => (
    <Suspense fallback={<Loading />}>
      <Page />
    </Suspense>
  );
  return Wrapped;
};

export const LoginPage = lazyPage(() => import('./custom-pages/login/LoginPage'));
export const RegisterPage = lazyPage(() => import('./custom-pages/register/RegisterPage'));
export const ResetPasswordPage = lazyPage(() => import('./custom-pages/reset-password/ResetPasswordPage'));
export const NotFoundPage = lazyPage(() => import('./custom-pages/not-found/NotFoundPage'));
export const OverviewPage = lazyPage(() => import('./custom-pages/overview/OverviewPage'));
export const ProfilePage = lazyPage(() => import('./custom-pages/profile/ProfilePage'));
export const LogoutPage = lazyPage(() => import('./custom-pages/logout/LogoutPage'));
export const OrderKitPage = lazyPage(() => import('./custom-pages/order-kit/OrderKitPage'));

/** The page of each public path (publicPaths.ts), mounted by both the public app and the console. */
export const PUBLIC_PAGES: Record<PublicPagePath, ComponentType> = {
  '/login': LoginPage,
  '/register': RegisterPage,
  '/reset-password/:token': ResetPasswordPage,
  '/404': NotFoundPage,
  '/order-neomi-kit': OrderKitPage,
};
