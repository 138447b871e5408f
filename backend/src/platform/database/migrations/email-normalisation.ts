import { Logger } from '@nestjs/common';
import type { QueryRunner } from 'typeorm';
import { normalizeEmailAddress } from '../../dto/email-address';

/** The audit-log action of an account whose address could not take its normalised spelling. */
export const EMAIL_DUPLICATE_AUDIT_ACTION = 'user.email-duplicate';

export interface EmailNormalisationReport {
  /** Accounts left with their old address because an older account holds the normalised one. */
  duplicates: Array<{ id: number; email: string; normalised: string; keptBy: number }>;
  /** Rows whose address cannot be normalised at all (left as they are). */
  invalid: Array<{ table: string; id: number; email: string }>;
  /** Rows rewritten to their normalised address, per table. */
  updated: Record<string, number>;
}

const PAGE = 1000;

/**
 * Rewrites every stored e-mail address to its normalised spelling (common/email-address).
 *
 * Users: addresses are unique, so spellings that collapse to one address are not merged or deleted.
 * The account that already holds the normalised spelling keeps it; else the oldest account (by
 * creation, then id) takes it. Every other account of that group keeps its address as it was, is
 * logged as a warning (ids only, no addresses in the log), and gets an audit-log row (`user.email-duplicate`, no actor),
 * which the admin panel's audit log shows, for the mentor to sort out by hand. Such an account
 * cannot sign in with a password until then: every spelling of its address now names the other one.
 *
 * Leads, orders and outbox messages have no unique address: each row is rewritten.
 * Addresses that cannot be normalised are left as they are and logged.
 */
export async function normaliseStoredEmails(
  qr: QueryRunner,
  dialect: 'mysql' | 'sqlite',
  logger = new Logger('Database'),
): Promise<EmailNormalisationReport> {
  const q = (name: string) => (dialect === 'mysql' ? `\`${name}\`` : `"${name}"`);
  const report: EmailNormalisationReport = { duplicates: [], invalid: [], updated: {} };

  // Users: grouped by the normalised address, oldest first.
  const users: Array<{ id: number | string; email: string; createdAt: unknown }> = await qr.query(
    `SELECT ${q('id')}, ${q('email')}, ${q('createdAt')} FROM ${q('users')} ORDER BY ${q('createdAt')} ASC, ${q('id')} ASC`,
  );
  const groups = new Map<string, Array<{ id: number; email: string }>>();
  for (const u of users) {
    const row = { id: Number(u.id), email: String(u.email) };
    const normalised = normalizeEmailAddress(row.email);
    if (normalised === null) {
      report.invalid.push({ table: 'users', ...row });
      continue;
    }
    groups.set(normalised, [...(groups.get(normalised) ?? []), row]);
  }
  report.updated.users = 0;
  const now = new Date().toISOString().replace('T', ' ').replace('Z', '');
  for (const [normalised, rows] of groups) {
    const keeper = rows.find((r) => r.email === normalised) ?? rows[0];
    if (keeper.email !== normalised) {
      await qr.query(`UPDATE ${q('users')} SET ${q('email')} = ? WHERE ${q('id')} = ?`, [normalised, keeper.id]);
      report.updated.users++;
    }
    for (const other of rows) {
      if (other === keeper) continue;
      report.duplicates.push({ id: other.id, email: other.email, normalised, keptBy: keeper.id });
      await qr.query(
        `INSERT INTO ${q('audit_log')} (${[
          'actorId',
          'actorEmail',
          'action',
          'entity',
          'entityId',
          'before',
          'after',
          'createdAt',
        ]
          .map(q)
          .join(', ')}) VALUES (NULL, NULL, ?, 'user', ?, ?, ?, ?)`,
        [
          EMAIL_DUPLICATE_AUDIT_ACTION,
          String(other.id),
          JSON.stringify({ email: other.email }),
          JSON.stringify({ email: other.email, normalisedEmail: normalised, heldByUserId: keeper.id }),
          now,
        ],
      );
    }
  }

  for (const [table, column] of [
    ['leads', 'email'],
    ['orders', 'email'],
    ['outbox', 'toAddress'],
  ] as const) {
    report.updated[table] = 0;
    for (let after = 0; ;) {
      const rows: Array<{ id: number | string; address: string }> = await qr.query(
        `SELECT ${q('id')}, ${q(column)} AS ${q('address')} FROM ${q(table)} WHERE ${q('id')} > ? ORDER BY ${q('id')} ASC LIMIT ${PAGE}`,
        [after],
      );
      for (const r of rows) {
        const normalised = normalizeEmailAddress(r.address);
        if (normalised === null) report.invalid.push({ table, id: Number(r.id), email: String(r.address) });
        else if (normalised !== r.address) {
          await qr.query(`UPDATE ${q(table)} SET ${q(column)} = ? WHERE ${q('id')} = ?`, [normalised, r.id]);
          report.updated[table]++;
        }
      }
      if (rows.length < PAGE) break;
      after = Number(rows[rows.length - 1].id);
    }
  }

  if (report.duplicates.length)
    logger.warn(
      `E-mail addresses that became equal after normalisation (not merged): account ${report.duplicates
        .map((d) => `${d.id} (the address is held by account ${d.keptBy})`)
        .join(', ')}. See the audit log (${EMAIL_DUPLICATE_AUDIT_ACTION}).`,
    );
  if (report.invalid.length)
    logger.warn(
      `E-mail addresses that could not be normalised (left unchanged): ${report.invalid.map((r) => `${r.table} ${r.id}`).join(', ')}`,
    );
  return report;
}
