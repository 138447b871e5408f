import { SEARCH_MIN_CHARS, type SnippetPart } from '@academy/contracts';

/** The most words one search looks for. */
export const MAX_TERMS = 6;
/** The shortest word the full-text indexes hold (InnoDB's innodb_ft_min_token_size). */
export const MIN_INDEXED_CHARS = 3;
/** Characters of context on each side of the first match in a snippet. */
const CONTEXT = 70;

/** The query's words: letters and digits (æ, ø and å are letters), lower-cased, in order, without repeats. */
export function searchTerms(q: string): string[] {
  const words = q.toLocaleLowerCase('nb-NO').match(/[\p{L}\p{N}]+/gu) ?? [];
  return [...new Set(words.filter((w) => w.length >= SEARCH_MIN_CHARS))].slice(0, MAX_TERMS);
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A word starting with one of the terms (whole word marked), case folded. */
function wordPattern(terms: string[]): RegExp {
  return new RegExp(`(?<![\\p{L}\\p{N}])(?:${terms.map(escape).join('|')})[\\p{L}\\p{N}]*`, 'giu');
}

/** Whether every term starts some word of the text ("likviditet" finds "Likviditeten"). */
export function matchesAll(text: string, terms: string[]): boolean {
  return terms.every((t) => new RegExp(`(?<![\\p{L}\\p{N}])${escape(t)}`, 'iu').test(text));
}

/** The text around its first match, cut at word boundaries, with the matching words marked. */
export function snippet(text: string, terms: string[]): SnippetPart[] {
  const first = wordPattern(terms).exec(text);
  let from = 0;
  let to = text.length;
  if (first && text.length > CONTEXT * 2) {
    from = Math.max(0, first.index - CONTEXT);
    to = Math.min(text.length, first.index + first[0].length + CONTEXT);
    if (from > 0) from = Math.min(first.index, text.indexOf(' ', from) + 1 || from);
    const cut = text.lastIndexOf(' ', to);
    if (to < text.length && cut > first.index + first[0].length) to = cut;
  }
  const part = `${from > 0 ? '… ' : ''}${text.slice(from, to)}${to < text.length ? ' …' : ''}`;
  const out: SnippetPart[] = [];
  let last = 0;
  for (const m of part.matchAll(wordPattern(terms))) {
    if (m.index > last) out.push({ text: part.slice(last, m.index), match: false });
    out.push({ text: m[0], match: true });
    last = m.index + m[0].length;
  }
  if (last < part.length) out.push({ text: part.slice(last), match: false });
  return out;
}
