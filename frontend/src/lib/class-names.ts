/** Joins the class names that are set: `cx('btn', busy && 'btn--busy', className)`. */
export function cx(...names: (string | false | null | undefined)[]): string {
  return names.filter(Boolean).join(' ');
}
