import type { RouteObject } from 'react-router-dom';
import { paths } from '../config/paths';
import type { PageComponents, PageKey } from './pages';
import { AppLayout, RootLayout, SiteLayout } from './layout/Layouts';

export interface RouteHandle {
  page: PageKey;
}

/**
 * The route table. `pages` are lazy components in the browser and eager ones on the server.
 * Marketing/legal pages sit in the site layout (navigation bar and footer); browser-only pages
 * bring their own chrome. The cookie banner and test panel are in the root layout (every page).
 */
export function buildRoutes(pages: PageComponents, mentorSlug: string): RouteObject[] {
  const page = (path: string, key: PageKey): RouteObject => {
    const C = pages[key];
    return { path, element: <C />, handle: { page: key } satisfies RouteHandle };
  };
  return [
    {
      element: <RootLayout />,
      children: [
        {
          element: <SiteLayout />,
          children: [
            page(paths.home.path, 'home'),
            page(paths.free.path, 'free'),
            page(paths.free.alias, 'free'),
            page(paths.professional.path, 'professional'),
            page(paths.professional.alias, 'professional'),
            page(paths.mentor.path(mentorSlug), 'mentor'),
            page(paths.mentor.alias, 'mentor'),
            page(paths.crypto.path, 'crypto'),
            page(paths.crypto.alias, 'crypto'),
            page(paths.courseSales.path, 'courseSales'),
            page(paths.signup.path, 'signup'),
            page(paths.terms.path, 'terms'),
            page(paths.terms.alias, 'terms'),
            page(paths.privacy.path, 'privacy'),
            page(paths.privacy.alias, 'privacy'),
            page(paths.cookies.path, 'cookies'),
            page('*', 'notFound'),
          ],
        },
        {
          element: <AppLayout />,
          children: [
            page(paths.starterRedirect.path, 'starterRedirect'),
            page(paths.checkout.path, 'checkout'),
            page(paths.checkout.alias, 'checkout'),
            page(paths.paymentComplete.path, 'paymentComplete'),
            page(paths.login.path, 'login'),
            page(paths.autoLogin.path, 'autoLogin'),
            page(paths.forgotPassword.path, 'forgotPassword'),
            page(paths.resetPassword.path, 'resetPassword'),
            page(paths.dashboard.path, 'dashboard'),
            page(paths.coursePlayer.path, 'coursePlayer'),
            page(paths.accountSettings.path, 'accountSettings'),
          ],
        },
      ],
    },
  ];
}
