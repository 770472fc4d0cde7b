import { Navigate, type RouteObject } from 'react-router';
import { lazyImport } from '../../lib/lazy-import';

/** Sign-in screens: /auth/… and the two one-time link screens, none of which needs a login. */
export const authRoutes: RouteObject[] = [
  {
    // Lazy like the screens: the public site's app (docs/decisions/006) must not carry the sign-in
    // layout's language menu and its popover code.
    lazy: async () => ({ Component: (await lazyImport(() => import('./auth-layout'))).AuthLayout }),
    children: [
      { path: 'auth/', element: <Navigate to="/auth/login/" replace /> },
      {
        path: 'auth/login/',
        lazy: async () => ({ Component: (await lazyImport(() => import('./login-page'))).LoginPage }),
      },
      {
        path: 'auth/logout/',
        lazy: async () => ({ Component: (await lazyImport(() => import('./logout-page'))).LogoutPage }),
      },
      {
        path: 'auth/register-account/',
        lazy: async () => ({ Component: (await lazyImport(() => import('./register-page'))).RegisterPage }),
      },
      {
        path: 'auth/forgot-password/',
        lazy: async () => ({
          Component: (await lazyImport(() => import('./forgot-password-page'))).ForgotPasswordPage,
        }),
      },
      {
        path: 'reset-password-confirm/:uid/:token/',
        id: 'resetPasswordConfirm',
        lazy: async () => ({
          Component: (await lazyImport(() => import('./reset-password-confirm-page'))).ResetPasswordConfirmPage,
        }),
      },
      {
        path: 'user-account-activation/:uid/:token/',
        lazy: async () => ({ Component: (await lazyImport(() => import('./activation-page'))).ActivationPage }),
      },
    ],
  },
];
