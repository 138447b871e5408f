import type { RouteObject } from 'react-router-dom';
import { paths } from '../config/paths';
import type { PageComponents, PageKey } from './pages';
import { AppLayout, RootLayout, SiteLayout } from './layout/Layouts';

export interface RouteHandle {
  page: PageKey;
}

/** Marketing, sales, sign-up and legal pages (site layout), in route order. */
const SITE_PAGES = [
  'home',
  'free',
  'professional',
  'mentor',
  'crypto',
  'courseSales',
  'signup',
  'terms',
  'privacy',
  'cookies',
  'certificate',
] as const;

/** Browser-only pages (app layout): checkout, sign-in, member area. */
const APP_PAGES = [
  'starterRedirect',
  'checkout',
  'paymentComplete',
  'login',
  'autoLogin',
  'forgotPassword',
  'resetPassword',
  'confirmEmail',
  'stopEmailChange',
  'vippsStep',
  'vippsConfirm',
  'dashboard',
  'coursePlayer',
  'accountSettings',
  'mentorInbox',
  'mentorThread',
  'partner',
  'receipt',
] as const;

/**
 * The route table. `pages` are lazy components in the browser and eager ones on the server.
 * Marketing/legal pages sit in the site layout (navigation bar and footer); browser-only pages
 * bring their own chrome. The cookie banner and test panel are in the root layout (every page).
 * Every page is routed at its path from config/paths.ts and, where it has one, its alias.
 */
export function buildRoutes(pages: PageComponents, mentorSlug: string): RouteObject[] {
  const page = (path: string, key: PageKey): RouteObject => {
    const C = pages[key];
    return { path, element: <C />, handle: { page: key } satisfies RouteHandle };
  };
  const routed = (key: (typeof SITE_PAGES)[number] | (typeof APP_PAGES)[number]): RouteObject[] => {
    const route: { path: string; alias?: string } =
      key === 'mentor' ? { path: paths.mentor.path(mentorSlug), alias: paths.mentor.alias } : paths[key];
    return (route.alias ? [route.path, route.alias] : [route.path]).map((p) => page(p, key));
  };
  return [
    {
      element: <RootLayout />,
      children: [
        { element: <SiteLayout />, children: [...SITE_PAGES.flatMap(routed), page('*', 'notFound')] },
        { element: <AppLayout />, children: APP_PAGES.flatMap(routed) },
      ],
    },
  ];
}
