import { In, type EntityManager } from 'typeorm';
import { LeadAddress } from './entities/lead-address.entity';

/**
 * The funnel's rows when an account changes its address (docs/decisions.md "Attribution"): the new
 * address's row, and any row counted under it, is counted under the row of the person's first address
 * (`mergedIntoId`), which takes in what the other knew (the account, a purchase, a variant). The funnel
 * counts only rows without `mergedIntoId`, so one person stays one lead, one account, one buyer. Both
 * rows exist already (the caller refreshed them in the change's transaction `m`).
 */
export async function mergeAddressRows(m: EntityManager, from: string, to: string, userId: number): Promise<void> {
  const repo = m.getRepository(LeadAddress);
  const rows = await repo.find({ where: { email: In([from, to]) } });
  const old = rows.find((r) => r.email === from);
  const next = rows.find((r) => r.email === to);
  if (!old || !next) return;
  const rootId = old.mergedIntoId ?? old.id;
  if (next.id !== rootId) {
    await repo.update({ mergedIntoId: next.id }, { mergedIntoId: rootId });
    await repo.update({ id: next.id }, { mergedIntoId: rootId });
  }
  const members = await repo.find({ where: [{ id: rootId }, { mergedIntoId: rootId }] });
  const root = members.find((r) => r.id === rootId);
  if (!root) return;
  const first = <K extends 'firstVariant' | 'accountVariant'>(k: K) => root[k] ?? members.find((r) => r[k] !== null)?.[k] ?? null;
  await repo.update({ id: In(members.map((r) => r.id)) }, { userId });
  await repo.update(
    { id: rootId },
    { bought: members.some((r) => r.bought), firstVariant: first('firstVariant'), accountVariant: first('accountVariant') },
  );
}

/**
 * A purchase at an address counted under another row makes that row a buyer (after the address's own
 * row was refreshed, in `m`). One statement, through a derived table (MariaDB reads the table it updates
 * only that way); it touches nothing for an address that is not merged.
 */
export async function markMergedBuyer(m: EntityManager, email: string, quote: (name: string) => string): Promise<void> {
  const t = quote;
  await m.query(
    `UPDATE ${t('lead_addresses')} SET ${t('bought')} = 1 WHERE ${t('bought')} = 0 AND ${t('id')} IN (SELECT ${t('x.m')} FROM (SELECT ${t('mergedIntoId')} AS ${t('m')} FROM ${t('lead_addresses')} WHERE ${t('email')} = ? AND ${t('mergedIntoId')} IS NOT NULL AND ${t('bought')} = 1) ${t('x')})`,
    [email],
  );
}
