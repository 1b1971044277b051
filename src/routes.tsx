import { type ComponentType, type LazyExoticComponent, Suspense } from 'react';
import { Loading, ResourceContextProvider } from 'react-admin';
import { PageStateBoundary } from './components/PageState';
import type { PublicPagePath } from './publicPaths';
import { lazyPart } from './lazyPart';

/** A page in its own chunk, loaded when first visited; a load refused with 403 or 404 shows its page state. */
export const lazyPage = (load: () => Promise<{ default: ComponentType }>) => {
  const Page: LazyExoticComponent<ComponentType> = lazyPart(load);
  const Wrapped = () => (
    <PageStateBoundary>
      <Suspense fallback={<Loading />}>
        <Page />
      </Suspense>
    </PageStateBoundary>
  );
  return Wrapped;
};

/**
 * A resource's screen at the address the product gives it rather than react-admin's /<resource> (the sidebar's
 * addresses, docs/PRODUCT.md §2): `<Route path="/region-admin" element={<ResourceScreen resource="regions"
 * screen={regions.list} />} />`. The screen runs in the resource's context (its list, labels and buttons read the
 * resource from there) and waits for its chunk with the console's loading indicator. The one way the console mounts
 * a resource's list or show at such an address.
 */
export const ResourceScreen = ({ resource, screen: Screen }: { resource: string; screen: ComponentType }) => (
  <ResourceContextProvider value={resource}>
    <Suspense fallback={<Loading />}>
      <Screen />
    </Suspense>
  </ResourceContextProvider>
);

export const LoginPage = lazyPage(() => import('./custom-pages/login/LoginPage'));
export const RegisterPage = lazyPage(() => import('./custom-pages/register/RegisterPage'));
export const ResetPasswordPage = lazyPage(() => import('./custom-pages/reset-password/ResetPasswordPage'));
export const NotFoundPage = lazyPage(() => import('./custom-pages/not-found/NotFoundPage'));
export const OverviewPage = lazyPage(() => import('./custom-pages/overview/OverviewPage'));
export const ProfilePage = lazyPage(() => import('./custom-pages/profile/ProfilePage'));
export const LogoutPage = lazyPage(() => import('./custom-pages/logout/LogoutPage'));
const StartExamPage = lazyPage(() => import('./custom-pages/exam-taking/StartExamPage'));
const GuestRegisterPage = lazyPage(() => import('./custom-pages/guests/GuestRegisterPage'));
const TempRegisterPage = lazyPage(() => import('./custom-pages/guests/TempRegisterPage'));
const ExamLandingPage = lazyPage(() => import('./custom-pages/guests/ExamLandingPage'));
const ResultsPage = lazyPage(() => import('./custom-pages/guests/ResultsPage'));
const ImagePage = lazyPage(() =>
  import('./custom-pages/exam-media/MediaPages').then((m) => ({ default: m.ImagePage })),
);
const ImgPage = lazyPage(() => import('./custom-pages/exam-media/MediaPages').then((m) => ({ default: m.ImgPage })));
const Model3DPage = lazyPage(() =>
  import('./custom-pages/exam-media/MediaPages').then((m) => ({ default: m.Model3DPage })),
);
export const CertificateCheckPage = lazyPage(() => import('./custom-pages/certificate/CertificateCheckPage'));
export const OrderKitPage = lazyPage(() => import('./custom-pages/order-kit/OrderKitPage'));
const GuestReportPage = lazyPage(() => import('./custom-pages/reports/GuestReportPage'));

/** The page of each public path (publicPaths.ts), mounted by both the public app and the console. */
export const PUBLIC_PAGES: Record<PublicPagePath, ComponentType> = {
  '/login': LoginPage,
  '/register': RegisterPage,
  '/reset-password/:token': ResetPasswordPage,
  '/404': NotFoundPage,
  '/start-exam/:exam/:id?': StartExamPage,
  '/guest-register': GuestRegisterPage,
  '/temp/register': TempRegisterPage,
  '/exam-page': ExamLandingPage,
  '/results': ResultsPage,
  '/image/:img_id': ImagePage,
  '/img/3d/:img_id': Model3DPage,
  '/img/:img_id/:user_id/:advanced_id/:lesson_id/:type': ImgPage,
  '/certificate/:code': CertificateCheckPage,
  '/order-neomi-kit': OrderKitPage,
  '/guest-report/:token/:exam_type?': GuestReportPage,
};
