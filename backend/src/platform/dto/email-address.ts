import { domainToASCII } from 'node:url';

/** The longest address the site stores (RFC 5321's path limit less the angle brackets). */
export const MAX_EMAIL_LENGTH = 254;
const MAX_LOCAL_LENGTH = 64;
const MAX_DOMAIN_LENGTH = 253;

/** The last address {@link normalizeEmailAddress} produced (normalising it again gives itself). */
let lastNormalised: string | null = null;

/**
 * The one spelling of an e-mail address that the site stores, compares and counts limits by.
 *
 * - trimmed, then Unicode NFKC (full-width `ｏｌａ＠ｇｍａｉｌ.com` becomes `ola@gmail.com`);
 * - the local part (before the last `@`) in lower case;
 * - the domain through IDNA (UTS #46, non-transitional, as WHATWG URLs do it): lower case, mapped
 *   and written in ASCII, so `gmäil.com` is `xn--gmil-moa.com` (a different domain from `gmail.com`)
 *   and `straße.de` keeps its `ß` (`xn--strae-oqa.de`, not `strasse.de`);
 * - then checked: a non-empty local part of at most 64 characters without spaces or control
 *   characters, a domain of at least two labels of letters, digits and inner hyphens (1–63 each,
 *   at most 253 in all, no all-digit top level), and at most 254 characters in all.
 *
 * Null when the text cannot be normalised this way; callers answer that as an invalid address.
 * The result is stable: normalising it again gives the same text.
 */
export function normalizeEmailAddress(raw: unknown): string | null {
  // A request's address is normalised by its DTO, checked by the validator and looked up by the
  // service: the same text each time. The result is stable, so the last one is its own answer.
  if (raw === lastNormalised) return lastNormalised;
  if (typeof raw !== 'string' || raw.length > 4 * MAX_EMAIL_LENGTH) return null;
  const text = raw.normalize('NFKC').trim();
  const at = text.lastIndexOf('@');
  if (at <= 0 || at === text.length - 1) return null;
  const local = text.slice(0, at).toLowerCase().normalize('NFKC');
  const domain = asciiDomain(text.slice(at + 1));
  if (domain === null || !validLocalPart(local)) return null;
  const address = `${local}@${domain}`;
  if (address.length > MAX_EMAIL_LENGTH) return null;
  lastNormalised = address;
  return address;
}

/**
 * The address as a lookup or limit key: the normalised address, or, for text that cannot be
 * normalised, the same steps without the checks (so it still matches no stored account and every
 * spelling of it counts together).
 */
export function normalizeEmail(raw: string): string {
  return normalizeEmailAddress(raw) ?? raw.normalize('NFKC').trim().toLowerCase();
}

function asciiDomain(domain: string): string | null {
  // WHATWG's domainToASCII also accepts things no mail system does (empty labels, underscores,
  // leading hyphens); the label rules below are the STD3 host-name rules.
  const ascii = domainToASCII(domain);
  if (!ascii || ascii.length > MAX_DOMAIN_LENGTH) return null;
  const labels = ascii.split('.');
  if (labels.length < 2) return null;
  for (const label of labels) if (!/^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/.test(label)) return null;
  if (/^\d+$/.test(labels[labels.length - 1])) return null;
  return ascii;
}

function validLocalPart(local: string): boolean {
  if (local.length === 0 || local.length > MAX_LOCAL_LENGTH) return false;
  // No white space, no control or format characters, no lone surrogates.
  return !/[\s\p{Cc}\p{Cf}\p{Cs}]/u.test(local);
}
