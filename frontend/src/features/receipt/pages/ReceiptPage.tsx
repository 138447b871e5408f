import {
  RECEIPT_PAYMENT_METHOD,
  receiptLineLabel,
  documentNote,
  type ReceiptBuyer,
  type ReceiptDocument,
} from '@academy/contracts';
import { useParams } from 'react-router-dom';
import { BackLink } from '../../../components/BackButton';
import { Button, ButtonAnchor, ButtonLink } from '../../../components/Button';
import { LoadingStatus, MemberEmpty, MemberPage } from '../../../components/MemberShell';
import { RequireAuth } from '../../../components/RequireAuth';
import { SellerDetails } from '../../../components/SellerDetails';
import { paths } from '../../../config/paths';
import { ApiError } from '../../../lib/api';
import { useSettings } from '../../../lib/app-state';
import { Seo } from '../../../lib/head';
import { useReceipt } from '../api/receipt';
import './ReceiptPage.css';

const NBSP = '\u00a0';

/** 127920 → "1 279,20 kr" (øre precision, as on the receipt). */
function formatAmount(ore: number): string {
  const abs = Math.abs(ore);
  const kroner = String(Math.floor(abs / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, NBSP);
  return `${ore < 0 ? '-' : ''}${kroner},${String(abs % 100).padStart(2, '0')}${NBSP}kr`;
}

const dateTimeFmt = new Intl.DateTimeFormat('nb-NO', {
  timeZone: 'Europe/Oslo',
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});

interface AmountRow {
  key: string;
  label: string;
  ore: number;
  testId: string;
  total?: boolean;
}

/**
 * The document's amounts, the same lines as its PDF and mail (docs/decisions.md "MVA"): per line with
 * MVA the amount excluding it and the MVA with its rate; an exempt line with the exemption's words; a
 * seller outside the MVA register only the total.
 */
function amountRows(doc: ReceiptDocument): AmountRow[] {
  const rows: AmountRow[] = [];
  if (doc.seller.vatRegistered !== false)
    for (const line of doc.lines) {
      if (line.treatment === 'standard') {
        rows.push({ key: 'excl', label: 'Beløp eks. MVA', ore: line.amountExclVatOre, testId: 'amount-excl' });
        rows.push({ key: 'vat', label: receiptLineLabel(line), ore: line.vatOre, testId: 'amount-vat' });
      } else if (line.treatment === 'exempt')
        rows.push({ key: 'exempt', label: receiptLineLabel(line), ore: line.totalOre, testId: 'amount-exempt' });
    }
  const withVat = doc.seller.vatRegistered !== false && doc.lines.some((l) => l.treatment === 'standard');
  const label = `${doc.kind === 'receipt' ? 'Totalt' : 'Totalt kreditert'}${withVat ? ' inkl. MVA' : ''}`;
  rows.push({ key: 'total', label, ore: doc.totalOre, testId: 'amount-total', total: true });
  return rows;
}

const title = (doc: ReceiptDocument) =>
  doc.kind === 'receipt' ? `Kvittering nr. ${doc.number}` : `Kreditnota nr. ${doc.number}`;

/**
 * One receipt or credit note: seller, its number (the one number the buyer quotes), date, buyer and
 * payment method, description, its amounts line by line.
 */
function Document({ doc, siteName, buyer }: { doc: ReceiptDocument; siteName: string; buyer: ReceiptBuyer }) {
  const sign = doc.kind === 'credit_note' ? -1 : 1;
  // The receipt's number is the page's title; a credit note is a section under "Kreditnotaer".
  const Title = doc.kind === 'receipt' ? 'h1' : 'h3';
  return (
    <article className={`receipt-doc receipt-doc--${doc.kind}`} data-testid={doc.kind === 'receipt' ? 'receipt' : 'credit-note'}>
      <header className="receipt-doc__header">
        <div>
          <p className="receipt-doc__brand">{siteName}</p>
          <Title className="receipt-doc__title" data-testid={doc.kind === 'receipt' ? 'receipt-title' : undefined}>
            {title(doc)}
          </Title>
          {doc.refersToNumber !== null && <p className="receipt-doc__refers">Gjelder kvittering nr. {doc.refersToNumber}</p>}
        </div>
        <SellerDetails seller={doc.seller} layout="block" className="receipt-doc__seller" />
      </header>
      <dl className="receipt-doc__facts">
        <div>
          <dt>{doc.kind === 'receipt' ? 'Kvitteringsnummer' : 'Kreditnotanummer'}</dt>
          <dd data-testid="document-number">{doc.number}</dd>
        </div>
        <div>
          <dt>Dato</dt>
          <dd>
            <time dateTime={doc.issuedAt}>{dateTimeFmt.format(new Date(doc.issuedAt))}</time>
          </dd>
        </div>
        {buyer.name && (
          <div>
            <dt>Kjøper</dt>
            <dd data-testid="receipt-buyer">{buyer.name}</dd>
          </div>
        )}
        {buyer.paymentMethod && (
          <div>
            <dt>Betalingsmåte</dt>
            <dd data-testid="receipt-payment-method">{RECEIPT_PAYMENT_METHOD[buyer.paymentMethod]}</dd>
          </div>
        )}
      </dl>
      <table className="receipt-doc__lines">
        <thead>
          <tr>
            <th scope="col">Beskrivelse</th>
            <th scope="col" className="receipt-doc__amount">
              Beløp
            </th>
          </tr>
        </thead>
        <tbody>
          <tr>
            <td>{doc.description}</td>
            <td className="receipt-doc__amount">{formatAmount(sign * doc.totalOre)}</td>
          </tr>
        </tbody>
        <tfoot>
          {amountRows(doc).map((row) => (
            <tr key={row.key} className={row.total ? 'receipt-doc__total' : undefined}>
              <th scope="row">{row.label}</th>
              <td className="receipt-doc__amount" data-testid={row.testId}>
                {formatAmount(sign * row.ore)}
              </td>
            </tr>
          ))}
        </tfoot>
      </table>
      <p className="receipt-doc__note">{documentNote({ ...doc, vatRegistered: doc.seller.vatRegistered !== false })}</p>
      {doc.renewalTerms && (
        <p className="receipt-doc__note receipt-doc__terms" data-testid="receipt-renewal-terms">
          {doc.renewalTerms}
        </p>
      )}
      <p className="receipt-doc__actions no-print">
        <ButtonAnchor href={doc.pdfUrl} download variant="secondary" size="sm" data-testid="pdf-link">
          Last ned PDF
        </ButtonAnchor>
      </p>
    </article>
  );
}

function Receipt({ orderId, userId }: { orderId: string; userId: number }) {
  const settings = useSettings();
  const { data, error, isPending } = useReceipt(orderId, userId);
  if (isPending) return <LoadingStatus text="Henter kvitteringen..." />;
  if (error || !data) {
    const notFound = error instanceof ApiError && error.status === 404;
    return (
      <MemberEmpty icon="alert" title={notFound ? 'Fant ikke kvitteringen' : 'Kunne ikke hente kvitteringen'} role="status">
        <p>
          {notFound
            ? 'Vi finner ingen kvittering for denne ordren på kontoen din. Er du logget inn med kontoen du kjøpte med?'
            : 'Prøv igjen om litt.'}
        </p>
        <ButtonLink to={paths.dashboard.href()} variant="secondary">
          Til dashboard
        </ButtonLink>
      </MemberEmpty>
    );
  }
  return (
    <div className="container container--narrow receipt-page">
      <div className="receipt-page__toolbar no-print">
        <BackLink to={paths.dashboard.href()} label="Tilbake til dashboard" />
        <Button variant="primary" size="sm" onClick={() => window.print()}>
          Skriv ut
        </Button>
      </div>
      <Document doc={data.receipt} siteName={settings.siteName} buyer={data.buyer} />
      {data.creditNotes.length > 0 && (
        <section className="receipt-page__credit-notes" aria-labelledby="credit-notes-heading">
          <h2 id="credit-notes-heading" className="receipt-page__subtitle">
            Kreditnotaer
          </h2>
          {data.creditNotes.map((note) => (
            <Document key={note.number} doc={note} siteName={settings.siteName} buyer={data.buyer} />
          ))}
        </section>
      )}
    </div>
  );
}

/**
 * `/kvittering/:orderId`: the order's receipt and credit notes for the buyer (or an admin), printable,
 * each with its PDF. Signed out → the login page and back; someone else's order → "Fant ikke".
 */
export default function ReceiptPage() {
  const { orderId = '' } = useParams();
  return (
    <RequireAuth loadingText="Henter kvitteringen...">
      {(me) => (
        <MemberPage className="receipt-shell">
          <Seo title="Kvittering" noindex />
          <Receipt orderId={orderId} userId={me.id} />
        </MemberPage>
      )}
    </RequireAuth>
  );
}
