import { dictionary } from '@zxcvbn-ts/language-common';

/** How many of the most used passwords are refused. */
export const COMMON_PASSWORD_COUNT = 10_000;

let common: ReadonlySet<string> | null = null;

/**
 * The most used passwords, most frequent first, from the maintained zxcvbn-ts common dictionary
 * (`passwords-common`, ordered by frequency in leaked password sets). Decompressed once, on first use.
 */
export function commonPasswords(): ReadonlySet<string> {
  common ??= new Set(dictionary['passwords-common'].slice(0, COMMON_PASSWORD_COUNT));
  return common;
}

/** Whether a password is among the most common ones (compared in lower case, as the list is). */
export function isCommonPassword(password: string): boolean {
  return commonPasswords().has(password.toLowerCase());
}
