/** Two-factor sign-in (TOTP, RFC 6238) and re-authentication: request and response shapes. */

/** GET /api/auth/totp */
export interface TotpStatusResponse {
  /** A TOTP secret is enrolled: sign-in asks for a code. */
  enabled: boolean;
  /** This account must enrol before the admin API answers it (admins, when ADMIN_2FA is required). */
  required: boolean;
  /** Unused recovery codes left (0 when not enabled). */
  recoveryCodesLeft: number;
}

/** POST /api/auth/totp/setup: a new secret, pending until confirmed with a code. */
export interface TotpSetupResponse {
  /** Base32, for typing into an app by hand. */
  secret: string;
  /** `otpauth://totp/…` for the QR code. */
  otpauthUrl: string;
}

/** POST /api/auth/totp/enable: the recovery codes, shown this once (only their hashes are kept). */
export interface TotpEnableResponse {
  recoveryCodes: string[];
}

/** POST /api/auth/reauth */
export interface ReauthResponse {
  /** When the renewed sign-in stops counting as recent (ISO time). */
  recentUntil: string;
}

/** How long a full sign-in counts as recent for refunds, grants and revokes. */
export const REAUTH_WINDOW_MINUTES = 15;

/**
 * Why a sign-in is not recent enough (`reason` beside 401 REAUTH_REQUIRED): the session was opened by
 * a mailed link or a password reset (`link`), or the password was typed more than 15 minutes ago (`expired`).
 */
export type ReauthReason = 'link' | 'expired';

/** Wrong second-factor codes in a row that lock the second factor of an account (docs/decisions.md "Two-factor sign-in"). */
export const TOTP_MAX_FAILURES = 5;
/** How long the second factor stays locked after that. */
export const TOTP_LOCK_MINUTES = 15;
