import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from '@academy/contracts';
import { isCommonPassword } from '../dto/common-passwords';
import type { EnvReader, NodeEnv } from './env-reader';

/** The first administrator (ADMIN_*), sessions (SESSION_*) and the general rate limits (RATE_LIMIT_*). */
export interface SecurityConfig {
  adminEmail: string | null;
  adminPassword: string | null;
  /**
   * ADMIN_2FA: whether admins must enrol a second factor (TOTP) before the admin API answers them.
   * `required` by default in production, `optional` elsewhere.
   */
  admin2fa: 'required' | 'optional';
  sessionIdleMinutes: number;
  sessionAbsoluteDays: number;
  rateLimitWindowSeconds: number;
  rateLimitWrites: number;
  rateLimitLogin: number;
}

/** In production ADMIN_PASSWORD must be at least this long (elsewhere MIN_PASSWORD_LENGTH). */
export const PRODUCTION_ADMIN_PASSWORD_LENGTH = 12;

/** Words that mark a value as a placeholder to replace (as in .env.example), never a real password. */
export const PLACEHOLDER_WORDS = /change|example|eksempel|endre|bytt.?meg|placeholder/i;

/**
 * What is wrong with ADMIN_PASSWORD, or null. Everywhere: MIN_PASSWORD_LENGTH to MAX_PASSWORD_LENGTH
 * characters. In production also at least 12 characters, no placeholder word (so the value from
 * .env.example is refused) and not among the most common passwords.
 */
export function adminPasswordProblem(password: string, nodeEnv: NodeEnv): string | null {
  if (password.length < MIN_PASSWORD_LENGTH || password.length > MAX_PASSWORD_LENGTH)
    return `må være mellom ${MIN_PASSWORD_LENGTH} og ${MAX_PASSWORD_LENGTH} tegn`;
  if (nodeEnv !== 'production') return null;
  if (password.length < PRODUCTION_ADMIN_PASSWORD_LENGTH || PLACEHOLDER_WORDS.test(password) || isCommonPassword(password))
    return (
      `i produksjon minst ${PRODUCTION_ADMIN_PASSWORD_LENGTH} tegn, ikke eksempelverdien fra .env.example ` +
      `(ingen «change», «example», «endre») og ikke et vanlig passord; lag et med f.eks. openssl rand -base64 18`
    );
  return null;
}

export function readSecurity(env: EnvReader): SecurityConfig {
  const adminEmail = env.email('ADMIN_EMAIL', null);
  const adminPassword = env.str('ADMIN_PASSWORD');
  if (adminPassword !== null) {
    const problem = adminPasswordProblem(adminPassword, env.nodeEnv);
    if (problem) env.problem(`ADMIN_PASSWORD: ${problem}`);
  }
  if ((adminEmail === null) !== (adminPassword === null)) env.problem('ADMIN_EMAIL og ADMIN_PASSWORD: sett begge eller ingen');
  return {
    adminEmail,
    adminPassword,
    admin2fa: env.oneOf('ADMIN_2FA', ['required', 'optional'], env.production ? 'required' : 'optional'),
    sessionIdleMinutes: env.int('SESSION_IDLE_MINUTES', 60 * 24 * 14, 5, 60 * 24 * 365),
    sessionAbsoluteDays: env.int('SESSION_ABSOLUTE_DAYS', 90, 1, 3650),
    rateLimitWindowSeconds: env.int('RATE_LIMIT_WINDOW_SECONDS', 60, 1, 86400),
    rateLimitWrites: env.int('RATE_LIMIT_WRITES', 60, 1, 10_000_000),
    rateLimitLogin: env.int('RATE_LIMIT_LOGIN', 10, 1, 10_000_000),
  };
}
