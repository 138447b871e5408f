import helmet from 'helmet';
import type { AppConfig } from '../config';

/**
 * Mux: the player's stream and thumbnails (stream.mux.com, image.mux.com; hls.js plays through blob:
 * media and a blob: worker), Mux Data only after statistics consent (litix.io), and the panel's direct
 * uploads (Mux hands out Google Cloud Storage upload links). MUX_API_BASE (tests) is allowed as well,
 * since the fake hands out upload links on its own address.
 */
function muxSources(cfg?: Pick<AppConfig, 'mux'>): { connect: string[]; img: string[]; media: string[] } {
  const fake = cfg?.mux?.apiBase ? [cfg.mux.apiBase.origin] : [];
  return {
    connect: ['https://*.mux.com', 'https://*.litix.io', 'https://storage.googleapis.com', ...fake],
    img: ['https://image.mux.com', 'https://*.litix.io'],
    media: ["'self'", 'blob:', 'https://*.mux.com'],
  };
}

/** The Content-Security-Policy: the site's own code, YouTube nocookie frames, Mux video, the Stripe redirect, the Google tag. */
export function contentSecurityPolicy(cfg?: Pick<AppConfig, 'mux'>): Record<string, string[]> {
  const mux = muxSources(cfg);
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
      ...mux.img,
    ],
    fontSrc: ["'self'", 'data:'],
    connectSrc: [
      "'self'",
      'https://*.google-analytics.com',
      'https://*.analytics.google.com',
      'https://www.googletagmanager.com',
      ...mux.connect,
    ],
    mediaSrc: mux.media,
    workerSrc: ["'self'", 'blob:'],
    frameSrc: ['https://www.youtube-nocookie.com'],
    formAction: ["'self'", 'https://checkout.stripe.com'],
    upgradeInsecureRequests: [],
  };
}

const hsts = { maxAge: 31536000, includeSubDomains: true };
const documentHeaderCache = new WeakMap<AppConfig, Record<string, string>>();

/**
 * The security headers helmet would set for a document (HTML, and the files a page loads),
 * computed once per configuration (they do not depend on the request) so that every response
 * gets them for the cost of copying an object.
 */
export function securityHeaders(cfg: AppConfig): Record<string, string> {
  const cached = documentHeaderCache.get(cfg);
  if (cached) return cached;
  const headers: Record<string, string> = {};
  const res = {
    setHeader: (k: string, v: string | number | string[]) =>
      (headers[k.toLowerCase()] = Array.isArray(v) ? v.join(', ') : String(v)),
    removeHeader: (k: string) => delete headers[k.toLowerCase()],
    getHeader: (k: string) => headers[k.toLowerCase()],
  };
  helmet({
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy(cfg) },
    crossOriginEmbedderPolicy: false,
    crossOriginResourcePolicy: { policy: 'same-origin' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    strictTransportSecurity: cfg.publicUrl.startsWith('https://') ? hsts : false,
  })({} as never, res as never, () => undefined);
  documentHeaderCache.set(cfg, headers);
  return headers;
}

/**
 * The headers of a JSON answer under `/api`. A browser never renders these as a page, so the
 * document policies (scripts, the opener, the referrer of links) have nothing to act on; what
 * matters is that the JSON cannot be sniffed as something else, framed, or read by another site
 * (`frame-ancestors` is what X-Frame-Options was; every browser the site supports honours it).
 * Sending helmet's whole set on every API answer would triple the header bytes of the hottest
 * reads. API routes that answer HTML (the unsubscribe page) set the document headers themselves.
 */
export function apiSecurityHeaders(cfg: AppConfig): Record<string, string> {
  const headers: Record<string, string> = {
    'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
    'cross-origin-resource-policy': 'same-origin',
    'x-content-type-options': 'nosniff',
  };
  if (cfg.publicUrl.startsWith('https://')) headers['strict-transport-security'] = `max-age=${hsts.maxAge}; includeSubDomains`;
  return headers;
}
