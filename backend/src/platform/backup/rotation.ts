/** Archive names: `academy-2026-03-01T02-30-00Z.tar.gz` (and `.enc` when encrypted); the time is UTC. */
export const ARCHIVE_RE = /^academy-(\d{4}-\d\d-\d\d)T(\d\d)-(\d\d)-(\d\d)Z\.tar\.gz(\.enc)?$/;

export function archiveName(at: Date, encrypted: boolean): string {
  const iso = at
    .toISOString()
    .replace(/\.\d{3}Z$/, 'Z')
    .replace(/:/g, '-');
  return `academy-${iso}.tar.gz${encrypted ? '.enc' : ''}`;
}

export function archiveTime(name: string): Date | null {
  const m = ARCHIVE_RE.exec(name);
  return m ? new Date(`${m[1]}T${m[2]}:${m[3]}:${m[4]}Z`) : null;
}

/** The ISO week of a UTC date, as `2026-W09`. */
export function isoWeek(d: Date): string {
  const t = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate()));
  const day = t.getUTCDay() || 7;
  t.setUTCDate(t.getUTCDate() + 4 - day);
  const year = t.getUTCFullYear();
  const week = Math.ceil(((t.getTime() - Date.UTC(year, 0, 1)) / 86_400_000 + 1) / 7);
  return `${year}-W${String(week).padStart(2, '0')}`;
}

/**
 * Which archives to keep: the newest of each of the last `daily` days that have one, and the newest of
 * each of the last `weekly` ISO weeks that have one. Names that are not archives are never touched.
 */
export function archivesToDelete(names: string[], daily: number, weekly: number): string[] {
  const archives = names
    .map((name) => ({ name, at: archiveTime(name) }))
    .filter((a): a is { name: string; at: Date } => a.at !== null)
    .sort((a, b) => b.at.getTime() - a.at.getTime() || b.name.localeCompare(a.name));
  const keep = new Set<string>();
  const days = new Set<string>();
  const weeks = new Set<string>();
  for (const a of archives) {
    const day = a.at.toISOString().slice(0, 10);
    if (!days.has(day) && days.size < daily) {
      days.add(day);
      keep.add(a.name);
    }
    const week = isoWeek(a.at);
    if (!weeks.has(week) && weeks.size < weekly) {
      weeks.add(week);
      keep.add(a.name);
    }
  }
  return archives.filter((a) => !keep.has(a.name)).map((a) => a.name);
}
