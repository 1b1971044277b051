import { type ComponentType, lazy, type LazyExoticComponent, Suspense } from 'react';
import { Loading } from 'react-admin';
import { PageStateBoundary } from './components/PageState';
import type { PublicPagePath } from './publicPaths';

/** A page in its own chunk, loaded when first visited; a load refused with 403 or 404 shows its page state. */
export const lazyPage = (load: () => Promise<{ default: ComponentType }>) => {
  const Page: LazyExoticComponent<ComponentType> = lazy(load);
  const Wrapped = () => (
    <PageStateBoundary>
      <Suspense fallback={<Loading />}>
        <Page />
      </Suspense>
    </PageStateBoundary>
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
const StartExamPage = lazyPage(() => import('./custom-pages/exam/StartExamPage'));
const GuestRegisterPage = lazyPage(() => import('./custom-pages/exam/GuestRegisterPage'));
const TempRegisterPage = lazyPage(() => import('./custom-pages/exam/TempRegisterPage'));
const ExamLandingPage = lazyPage(() => import('./custom-pages/exam/ExamLandingPage'));
const ResultsPage = lazyPage(() => import('./custom-pages/exam/ResultsPage'));
const ImagePage = lazyPage(() => import('./custom-pages/exam/MediaPages').then((m) => ({ default: m.ImagePage })));
const ImgPage = lazyPage(() => import('./custom-pages/exam/MediaPages').then((m) => ({ default: m.ImgPage })));
const Model3DPage = lazyPage(() => import('./custom-pages/exam/MediaPages').then((m) => ({ default: m.Model3DPage })));
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
