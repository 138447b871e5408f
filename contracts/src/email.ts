/**
 * The shape of an e-mail address: something, `@`, a domain with a dot, and no spaces or second `@`.
 * The forms check it before sending and the server's configuration checks its addresses with it; the
 * API itself checks more (class-validator's `IsEmail` and the normalised form, `platform/dto/email.dto.ts`).
 */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** True when the value has the shape of an e-mail address ({@link EMAIL_PATTERN}); the caller trims. */
export const looksLikeEmail = (value: string): boolean => EMAIL_PATTERN.test(value);
