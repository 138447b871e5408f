import { isPlaceholderSeller, RECEIPT_PAYMENT_METHOD, TEST_ENVIRONMENT_SELLER_TEXT, type ReceiptBuyer } from '@academy/contracts';
import { formatPdfAmount, renderPdf } from '../../platform/pdf';
import type { Receipt } from '../entities/receipt.entity';
import { documentAmountRows, documentNote } from './document-lines';
import { documentSeller } from './receipts.service';

const OSLO_DATE_TIME = new Intl.DateTimeFormat('nb-NO', {
  timeZone: 'Europe/Oslo',
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** `23.11.2026 kl. 18:05` in Europe/Oslo. */
export function documentDate(d: Date): string {
  const parts = Object.fromEntries(OSLO_DATE_TIME.formatToParts(d).map((p) => [p.type, p.value]));
  return `${parts.day}.${parts.month}.${parts.year} kl. ${parts.hour}:${parts.minute}`;
}

export const documentTitle = (r: Pick<Receipt, 'kind' | 'number'>) =>
  r.kind === 'receipt' ? `Kvittering nr. ${r.number}` : `Kreditnota nr. ${r.number}`;

/** The file name of a document's PDF: `kvittering-17.pdf`, `kreditnota-18.pdf`. */
export const documentFileName = (r: Pick<Receipt, 'kind' | 'number'>) =>
  `${r.kind === 'receipt' ? 'kvittering' : 'kreditnota'}-${r.number}.pdf`;

/**
 * A receipt or credit note as PDF, from the stored document (the seller as it was when the document
 * was issued) and the order's buyer: seller ("MVA" after the org nr when registered), the document's
 * number (the one number the buyer quotes), date, buyer and payment method, description, its lines
 * (docs/decisions.md "MVA"), total; a credit note refers to its receipt and shows the amounts as negative.
 */
export function receiptPdf(
  r: Receipt,
  siteName: string,
  options: { compress?: boolean; buyer?: ReceiptBuyer } = {},
): Promise<Buffer> {
  const buyer = options.buyer;
  // A test environment's placeholders never pass for a seller on a document.
  const s = documentSeller(r);
  const seller = isPlaceholderSeller(s) ? [TEST_ENVIRONMENT_SELLER_TEXT] : [s.name, s.orgNrText, s.address];
  return renderPdf(
    { title: documentTitle(r), brand: siteName, author: r.sellerName, createdAt: r.issuedAt, compress: options.compress },
    (pdf) => {
      pdf.heading(documentTitle(r));
      if (r.kind === 'credit_note' && r.refersToNumber !== null)
        pdf.paragraph(`Gjelder kvittering nr. ${r.refersToNumber}`, { bold: true });
      pdf.heading('Selger', 2).lines(seller);
      pdf.heading('Detaljer', 2);
      pdf.table([
        { label: r.kind === 'receipt' ? 'Kvitteringsnummer' : 'Kreditnotanummer', value: String(r.number) },
        { label: 'Dato', value: documentDate(r.issuedAt) },
        ...(buyer?.name ? [{ label: 'Kjøper', value: buyer.name }] : []),
        ...(buyer?.paymentMethod ? [{ label: 'Betalingsmåte', value: RECEIPT_PAYMENT_METHOD[buyer.paymentMethod] }] : []),
      ]);
      pdf.heading('Beskrivelse', 2).paragraph(r.description);
      pdf.table(documentAmountRows(r).map((row) => ({ label: row.label, value: formatPdfAmount(row.ore), emphasis: row.total })));
      if (r.renewalTerms) pdf.heading('Automatisk fornyelse', 2).paragraph(r.renewalTerms);
      pdf.paragraph(documentNote(r), { muted: true });
      pdf.footer([seller.join(' · ')]);
    },
  );
}
