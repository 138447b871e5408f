import type { ComponentType } from 'react';

type PageModule = { default: ComponentType };

/**
 * Every page of the storefront as a lazy import (one chunk each). The browser loads only the page it
 * shows; the server bundle uses eager imports for the pages it renders (pages.server.ts).
 */
export const pageLoaders = {
  // Marketing, sales, sign-up and legal (prerendered on the server).
  home: () => import('../features/marketing/pages/HomePage'),
  free: () => import('../features/marketing/pages/FreeCoursePage'),
  professional: () => import('../features/marketing/pages/ProfessionalPage'),
  mentor: () => import('../features/marketing/pages/MentorPage'),
  crypto: () => import('../features/marketing/pages/CryptoPage'),
  courseSales: () => import('../features/marketing/pages/CourseSalesPage'),
  signup: () => import('../features/marketing/pages/SignupPage'),
  terms: () => import('../features/legal/pages/TermsPage'),
  privacy: () => import('../features/legal/pages/PrivacyPage'),
  cookies: () => import('../features/legal/pages/CookiesPage'),
  notFound: () => import('../features/marketing/pages/NotFoundPage'),
  // Browser-only pages (other features).
  starterRedirect: () => import('../features/marketing/pages/StarterRedirectPage'),
  checkout: () => import('../features/checkout/pages/CheckoutPage'),
  paymentComplete: () => import('../features/checkout/pages/PaymentCompletePage'),
  login: () => import('../features/auth/pages/LoginPage'),
  autoLogin: () => import('../features/auth/pages/AutoLoginPage'),
  forgotPassword: () => import('../features/auth/pages/ForgotPasswordPage'),
  resetPassword: () => import('../features/auth/pages/ResetPasswordPage'),
  confirmEmail: () => import('../features/auth/pages/ConfirmEmailPage'),
  stopEmailChange: () => import('../features/auth/pages/StopEmailChangePage'),
  vippsStep: () => import('../features/auth/pages/VippsStepPage'),
  vippsConfirm: () => import('../features/auth/pages/VippsConfirmPage'),
  dashboard: () => import('../features/dashboard/pages/DashboardPage'),
  coursePlayer: () => import('../features/player/pages/CoursePlayerPage'),
  accountSettings: () => import('../features/account/pages/AccountSettingsPage'),
  mentorInbox: () => import('../features/mentor/pages/MentorInboxPage'),
  mentorThread: () => import('../features/mentor/pages/MentorThreadPage'),
  partner: () => import('../features/partner/pages/PartnerPage'),
  certificate: () => import('../features/certificates/pages/CertificateVerifyPage'),
  receipt: () => import('../features/receipt/pages/ReceiptPage'),
} satisfies Record<string, () => Promise<PageModule>>;

export type PageKey = keyof typeof pageLoaders;
export type PageComponents = Record<PageKey, ComponentType>;
