/**
 * Search reads only the modules the viewer may watch (docs/decisions.md "Course content"), and the
 * full-text index must not even look at the others: how long a search takes would otherwise tell
 * whether a word is in a course the viewer does not own. So each caption line is indexed a second
 * time as its words tagged with the line's module (`m00000c` + `likviditeten`), and a search asks the
 * index for the tagged words of the viewer's modules only: the index reads nothing of other modules.
 */

/** Letters and digits (æ, ø and å are letters), lower-cased: the words search matches. */
export function wordsOf(text: string): string[] {
  return text.toLocaleLowerCase('nb-NO').match(/[\p{L}\p{N}]+/gu) ?? [];
}

/** The module's tag: `m` and its id in base 36, always 7 characters, so a tag never runs into a word. */
export function moduleTag(moduleId: number): string {
  return `m${Math.trunc(moduleId).toString(36).padStart(6, '0')}`;
}

/** Longest tagged word kept (InnoDB's innodb_ft_max_token_size is 84). */
const MAX_TOKEN = 84;

/** A line's words, each tagged with its module, once each: what the scoped full-text index holds. */
export function scopedText(moduleId: number, plain: string): string {
  const tag = moduleTag(moduleId);
  return [...new Set(wordsOf(plain))]
    .map((w) => `${tag}${w}`)
    .filter((t) => t.length <= MAX_TOKEN)
    .join(' ');
}

/**
 * The full-text query: every term (a word's start) in one of the modules. MariaDB boolean mode:
 * `+(m00000cterm* m00000dterm*) +(…)`; SQLite FTS5: `("m00000cterm"* OR "m00000dterm"*) AND (…)`.
 * Terms are letters and digits only (searchTerms), so nothing in them is query syntax.
 */
export function scopedMatch(moduleIds: number[], terms: string[], dialect: 'mysql' | 'sqlite'): string {
  const tags = moduleIds.map(moduleTag);
  if (dialect === 'mysql') return terms.map((t) => `+(${tags.map((g) => `${g}${t}*`).join(' ')})`).join(' ');
  return terms.map((t) => `(${tags.map((g) => `"${g}${t}"*`).join(' OR ')})`).join(' AND ');
}
