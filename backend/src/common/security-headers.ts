import helmet from 'helmet';
import type { AppConfig } from '../config';

/** The Content-Security-Policy: the site's own code, YouTube nocookie frames, the Stripe redirect, the Google tag. */
export function contentSecurityPolicy(): Record<string, string[]> {
  return {
    defaultSrc: ["'self'"],
    baseUri: ["'self'"],
    objectSrc: ["'none'"],
    frameAncestors: ["'none'"],
    scriptSrc: ["'self'", 'https://www.googletagmanager.com'],
    styleSrc: ["'self'", "'unsafe-inline'"],
    imgSrc: [
      "'self'",
      'data:',
      'https://i.ytimg.com',
      'https://img.youtube.com',
      'https://www.googletagmanager.com',
      'https://*.google-analytics.com',
    ],
    fontSrc: ["'self'", 'data:'],
    connectSrc: [
      "'self'",
      'https://*.google-analytics.com',
      'https://*.analytics.google.com',
      'https://www.googletagmanager.com',
    ],
    frameSrc: ['https://www.youtube-nocookie.com'],
    formAction: ["'self'", 'https://checkout.stripe.com'],
    upgradeInsecureRequests: [],
  };
}

/**
 * The security headers helmet would set, computed once at start (they do not depend on the
 * request) so that every response gets them for the cost of copying an object.
 */
export function securityHeaders(cfg: AppConfig): Record<string, string> {
  const headers: Record<string, string> = {};
  const res = {
    setHeader: (k: string, v: string | number | string[]) =>
      (headers[k.toLowerCase()] = Array.isArray(v) ? v.join(', ') : String(v)),
    removeHeader: (k: string) => delete headers[k.toLowerCase()],
    getHeader: (k: string) => headers[k.toLowerCase()],
  };
  helmet({
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy() },
    crossOriginEmbedderPolicy: false,
    crossOriginResourcePolicy: { policy: 'same-origin' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    strictTransportSecurity: cfg.publicUrl.startsWith('https://') ? { maxAge: 31536000, includeSubDomains: true } : false,
  })({} as never, res as never, () => undefined);
  return headers;
}
