import type { AdminPartner, AdminPayoutDue } from '@academy/contracts';
import { formatKr } from '../lib/money';

/** A partner's terms in words: «10 %» or «500 kr per ordre», and «+ fornyelser». */
export function termsText(p: Pick<AdminPartner, 'commissionPercent' | 'commissionOre' | 'includeRenewals'>): string {
  const base =
    p.commissionPercent !== null
      ? `${String(p.commissionPercent).replace('.', ',')} %`
      : `${formatKr(p.commissionOre)} per ordre`;
  return p.includeRenewals ? `${base} (også fornyelser)` : base;
}

/** The bank's file: one line per partner, amounts in kroner with a decimal comma (semicolon-separated, as Norwegian Excel reads it). */
export function payoutCsv(rows: AdminPayoutDue[]): string {
  const q = (s: string) => `"${s.replace(/"/g, '""')}"`;
  const lines = rows.map((r) =>
    [
      q(r.name ?? `Partner ${r.id}`),
      q(r.email ?? ''),
      (r.approvedOre / 100).toFixed(2).replace('.', ','),
      String(r.commissions),
    ].join(';'),
  );
  return ['Navn;E-post;Beløp (kr);Ordrer', ...lines].join('\r\n') + '\r\n';
}
