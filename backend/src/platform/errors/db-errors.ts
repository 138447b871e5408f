/** True when an insert lost to a unique index (MySQL ER_DUP_ENTRY, SQLite UNIQUE/PRIMARY KEY constraint). */
export function isUniqueViolation(err: unknown): boolean {
  let e: unknown = err;
  for (let i = 0; i < 3 && e && typeof e === 'object'; i++) {
    const o = e as { code?: unknown; errno?: unknown; message?: unknown; driverError?: unknown };
    if (o.code === 'ER_DUP_ENTRY' || o.errno === 1062) return true;
    if (o.code === 'SQLITE_CONSTRAINT_UNIQUE' || o.code === 'SQLITE_CONSTRAINT_PRIMARYKEY') return true;
    if (typeof o.message === 'string' && /UNIQUE constraint failed|Duplicate entry/.test(o.message)) return true;
    e = o.driverError;
  }
  return false;
}

/** True when MariaDB/MySQL rolled the transaction back to break a deadlock (ER_LOCK_DEADLOCK, 1213): run it again. */
export function isDeadlock(err: unknown): boolean {
  let e: unknown = err;
  for (let i = 0; i < 3 && e && typeof e === 'object'; i++) {
    const o = e as { code?: unknown; errno?: unknown; driverError?: unknown };
    if (o.code === 'ER_LOCK_DEADLOCK' || o.errno === 1213) return true;
    e = o.driverError;
  }
  return false;
}

/** Times a webhook's transaction is run when it was chosen as a deadlock's victim. */
export const DEADLOCK_ATTEMPTS = 3;
