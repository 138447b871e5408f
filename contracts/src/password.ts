/** Passwords: at least this many characters (docs/decisions.md "Passwords"), at most MAX_PASSWORD_LENGTH. */
export const MIN_PASSWORD_LENGTH = 8;
export const MAX_PASSWORD_LENGTH = 128;
