import type { ComponentType } from 'react';
import HomePage from '../features/marketing/pages/HomePage';
import FreeCoursePage from '../features/marketing/pages/FreeCoursePage';
import ProfessionalPage from '../features/marketing/pages/ProfessionalPage';
import MentorPage from '../features/marketing/pages/MentorPage';
import CryptoPage from '../features/marketing/pages/CryptoPage';
import CourseSalesPage from '../features/marketing/pages/CourseSalesPage';
import SignupPage from '../features/marketing/pages/SignupPage';
import NotFoundPage from '../features/marketing/pages/NotFoundPage';
import TermsPage from '../features/legal/pages/TermsPage';
import PrivacyPage from '../features/legal/pages/PrivacyPage';
import CookiesPage from '../features/legal/pages/CookiesPage';
import CertificateVerifyPage from '../features/certificates/pages/CertificateVerifyPage';
import type { PageComponents } from './pages';

/** Browser-only pages are never rendered on the server (they are app paths: the shell is served). */
const ClientOnly: ComponentType = () => null;

/** Eager pages for the server bundle: prerendered pages render synchronously; nothing else is bundled. */
export const serverPages: PageComponents = {
  home: HomePage,
  free: FreeCoursePage,
  professional: ProfessionalPage,
  mentor: MentorPage,
  crypto: CryptoPage,
  courseSales: CourseSalesPage,
  signup: SignupPage,
  terms: TermsPage,
  privacy: PrivacyPage,
  cookies: CookiesPage,
  notFound: NotFoundPage,
  starterRedirect: ClientOnly,
  checkout: ClientOnly,
  paymentComplete: ClientOnly,
  login: ClientOnly,
  autoLogin: ClientOnly,
  forgotPassword: ClientOnly,
  resetPassword: ClientOnly,
  confirmEmail: ClientOnly,
  stopEmailChange: ClientOnly,
  vippsStep: ClientOnly,
  vippsConfirm: ClientOnly,
  dashboard: ClientOnly,
  coursePlayer: ClientOnly,
  accountSettings: ClientOnly,
  mentorInbox: ClientOnly,
  mentorThread: ClientOnly,
  partner: ClientOnly,
  certificate: CertificateVerifyPage,
  receipt: ClientOnly,
};
