import { lazyPart } from '../lazyPart';
import { lightPathOf } from '../publicPaths';

/*
 * The light app's pages other than sign-in (LightApp.tsx), each a chunk of its own, so that /login does not download
 * the sign-up form. Each is imported in a function of its own (vite preloads a dynamic import's dependencies; see
 * main.tsx); lazyPart: a chunk that fails or does not arrive shows LightPageBoundary's notice. main.tsx starts the download of a first visit's page together with the app's (preloadLightPage).
 */
const loadRegister = () => import('./RegisterPage');
const loadResetPassword = () => import('./ResetPasswordPage');
const loadNotFound = () => import('./NotFoundPage');
const loadGuestRegister = () => import('./GuestRegisterPage');
const loadOrderKit = () => import('./order-kit/OrderKitPage');
const loadGuestReport = () => import('./GuestReportPage');

export const RegisterPage = lazyPart(() => loadRegister().then((m) => ({ default: m.RegisterPage })));
export const ResetPasswordPage = lazyPart(() => loadResetPassword().then((m) => ({ default: m.ResetPasswordPage })));
export const NotFoundPage = lazyPart(() => loadNotFound().then((m) => ({ default: m.NotFoundPage })));
export const GuestRegisterPage = lazyPart(() => loadGuestRegister().then((m) => ({ default: m.GuestRegisterPage })));
export const OrderKitPage = lazyPart(() => loadOrderKit().then((m) => ({ default: m.OrderKitPage })));
export const GuestReportPage = lazyPart(() => loadGuestReport().then((m) => ({ default: m.GuestReportPage })));

/** Starts downloading the light page at `pathname` (nothing for /login, part of the app, or another address). */
export const preloadLightPage = (pathname: string): Promise<unknown> => {
  switch (lightPathOf(pathname)) {
    case '/register':
      return loadRegister();
    case '/reset-password/:token':
      return loadResetPassword();
    case '/404':
      return loadNotFound();
    case '/guest-register':
      return loadGuestRegister();
    case '/order-neomi-kit':
      return loadOrderKit();
    case '/guest-report/:token/:exam_type?':
      return loadGuestReport();
    default:
      return Promise.resolve();
  }
};
