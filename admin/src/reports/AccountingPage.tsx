import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import MenuItem from '@mui/material/MenuItem';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  RECEIPT_PAYMENT_METHOD,
  SAFT_TAX_CODE_TEXT,
  type SalesReportResponse,
  type SalesReportRow,
  NORWEGIAN_MONTHS,
} from '@academy/contracts';
import { useEffect, useState } from 'react';
import { Loading, Title, useTranslate } from 'react-admin';
import { API } from '../dataProvider';
import { FormError } from '../lib/FormError';
import { errorMessage, httpClient } from '../lib/http';
import { formatKr } from '../lib/money';
import { usePhone } from '../lib/ResourceList';
import { CourseVatPanel } from './CourseVatPanel';
import { FikenStatus, FikenSummaryCard } from './FikenPanel';

type PeriodKind = 'month' | 'term';

const MONTHS = NORWEGIAN_MONTHS;
const pad = (n: number) => String(n).padStart(2, '0');

/** The Oslo month (1–12) or two-month MVA term (1–6) as `from`/`to` dates, inclusive. */
export function periodDates(year: number, kind: PeriodKind, index: number): { from: string; to: string } {
  const firstMonth = kind === 'month' ? index : index * 2 - 1;
  const lastMonth = kind === 'month' ? index : index * 2;
  const lastDay = new Date(Date.UTC(year, lastMonth, 0)).getUTCDate();
  return { from: `${year}-${pad(firstMonth)}-01`, to: `${year}-${pad(lastMonth)}-${pad(lastDay)}` };
}

const osloNow = () => {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Oslo', year: 'numeric', month: 'numeric' })
      .formatToParts(new Date())
      .map((p) => [p.type, p.value]),
  );
  return { year: Number(parts.year), month: Number(parts.month) };
};

/** An amount in a table: never broken between the number and «kr» («1 997 / kr»). */
const AMOUNT = { whiteSpace: 'nowrap' } as const;

/**
 * How to open the CSV so its amounts are numbers: its decimal comma reads as one only with a
 * Norwegian locale (Excel, Numbers and Google Sheets otherwise take «1597,60» as text).
 */
function CsvNote({ id }: { id: string }) {
  return (
    <Box id={id} sx={{ flex: '1 1 320px', minWidth: 0, typography: 'body2', color: 'text.secondary' }}>
      Filen har semikolon mellom kolonnene og desimalkomma i beløpene. Beløpene blir tall bare med norsk språk eller region:{' '}
      <strong>Excel</strong> åpner den riktig når Windows eller macOS har region Norge (ellers: Data › Fra tekst/CSV, og velg
      nasjonal innstilling Norsk (bokmål)); <strong>Numbers</strong>: sett region Norge i Systeminnstillinger › Generelt › Språk
      og region før du åpner filen; <strong>Google Regneark</strong>: sett Fil › Innstillinger › Lokalitet til Norge, og importer
      med Fil › Importer (skilletegn: semikolon).
    </Box>
  );
}

/**
 * "Regnskap": the accountant's view of an Oslo month or two-month MVA term (docs/decisions.md "MVA"):
 * totals per SAF-T tax code and per provider (with Stripe's fees), every receipt and credit note line,
 * where each document stands in Fiken, the CSV for Excel (with how to open it so amounts are numbers),
 * and each course's MVA treatment, set here as on the course (the same request, rules and audit).
 */
export function AccountingPage() {
  const translate = useTranslate();
  const now = osloNow();
  const [year, setYear] = useState(now.year);
  const [kind, setKind] = useState<PeriodKind>('month');
  const [index, setIndex] = useState(now.month);
  const [data, setData] = useState<SalesReportResponse | null>(null);
  const [error, setError] = useState<string | null>(null);
  // Bumped after a Fiken retry or backfill: the report is read again, the old one shown meanwhile.
  const [version, setVersion] = useState(0);
  const reload = () => setVersion((v) => v + 1);
  const { from, to } = periodDates(year, kind, index);
  const shown = data && data.from === from && data.to === to ? data : null;

  useEffect(() => {
    let live = true;
    setError(null);
    httpClient(`${API}/reports/sales?from=${from}&to=${to}`)
      .then(({ json }) => live && setData(json as SalesReportResponse))
      .catch((e: unknown) => live && setError(errorMessage(e)));
    return () => {
      live = false;
    };
  }, [from, to, version]);

  const choices =
    kind === 'month'
      ? MONTHS.map((m, i) => ({ id: i + 1, name: m }))
      : [1, 2, 3, 4, 5, 6].map((t) => ({ id: t, name: `${t}. termin (${MONTHS[t * 2 - 2]}–${MONTHS[t * 2 - 1]})` }));

  return (
    <Card sx={{ mt: 2 }}>
      <Title title={translate('panel.accounting.title')} />
      <CardContent>
        <Typography component="h2" variant="h6" gutterBottom>
          {translate('panel.accounting.title')}
        </Typography>
        <Typography variant="body2" sx={{ mb: 2 }}>
          {translate('panel.accounting.intro')}
        </Typography>
        <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', alignItems: 'center', mb: 2 }}>
          <TextField
            select
            size="small"
            fullWidth={false}
            sx={{ minWidth: 160 }}
            label={translate('panel.accounting.periodType')}
            value={kind}
            onChange={(e) => {
              const k = e.target.value as PeriodKind;
              setKind(k);
              setIndex(k === 'month' ? now.month : Math.ceil(now.month / 2));
            }}
          >
            <MenuItem value="month">{translate('panel.accounting.month')}</MenuItem>
            <MenuItem value="term">{translate('panel.accounting.term')}</MenuItem>
          </TextField>
          <TextField
            select
            size="small"
            fullWidth={false}
            sx={{ minWidth: 160 }}
            label={translate(kind === 'month' ? 'panel.accounting.month' : 'panel.accounting.term')}
            value={index}
            onChange={(e) => setIndex(Number(e.target.value))}
          >
            {choices.map((c) => (
              <MenuItem key={c.id} value={c.id}>
                {c.name}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            select
            size="small"
            fullWidth={false}
            sx={{ minWidth: 160 }}
            label={translate('panel.accounting.year')}
            value={year}
            onChange={(e) => setYear(Number(e.target.value))}
          >
            {[now.year - 5, now.year - 4, now.year - 3, now.year - 2, now.year - 1, now.year].map((y) => (
              <MenuItem key={y} value={y}>
                {y}
              </MenuItem>
            ))}
          </TextField>
        </Box>
        <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', alignItems: 'flex-start', mb: 2 }}>
          <Button
            variant="outlined"
            href={`${API}/reports/sales.csv?from=${from}&to=${to}`}
            download
            aria-describedby="sales-csv-note"
            sx={{ flexShrink: 0 }}
          >
            {translate('panel.accounting.downloadCsv')}
          </Button>
          <CsvNote id="sales-csv-note" />
        </Box>
        <FormError error={error} sx={{ my: 1 }} />
        {!shown && !error && <Loading />}
        {shown && <Report data={shown} onChanged={reload} />}
        <CourseVatPanel />
      </CardContent>
    </Card>
  );
}

function Report({ data, onChanged }: { data: SalesReportResponse; onChanged: () => void }) {
  const translate = useTranslate();
  const t = (k: string) => translate(`panel.accounting.${k}`);
  const isPhone = usePhone();
  const fiken = data.fiken;
  // A document's lines follow each other (rows come in number order): how many lines each number has.
  const lines = new Map<number, number>();
  for (const r of data.rows) lines.set(r.number, (lines.get(r.number) ?? 0) + 1);
  // The heading counts documents, not lines (a split receipt has two lines).
  const documentCount = new Set(data.rows.map((r) => r.receiptId)).size;
  // On a phone the cells are narrower, so the tables fit the screen.
  const tableSx = isPhone ? { '& th, & td': { px: 1 } } : undefined;
  return (
    <>
      <FikenSummaryCard summary={fiken} onChanged={onChanged} />
      <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 600, mt: 2 }}>
        {t('byTaxCode')}
      </Typography>
      <TableContainer tabIndex={0} role="region" aria-label={t('byTaxCode')}>
        <Table size="small" aria-label={t('byTaxCode')} sx={tableSx}>
          <TableHead>
            <TableRow>
              <TableCell>{t('taxCode')}</TableCell>
              <TableCell align="right">{t('net')}</TableCell>
              <TableCell align="right">{t('vat')}</TableCell>
              <TableCell align="right">{t('gross')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {data.totals.byTaxCode.map((c) => (
              <TableRow key={c.taxCode} data-testid={`tax-code-${c.taxCode}`}>
                {/* On a phone the code alone; what it means is said under the table. */}
                <TableCell>{isPhone ? c.taxCode : `${c.taxCode}: ${SAFT_TAX_CODE_TEXT[c.taxCode]}`}</TableCell>
                <TableCell align="right" sx={AMOUNT}>
                  {formatKr(c.netOre)}
                </TableCell>
                <TableCell align="right" sx={AMOUNT}>
                  {formatKr(c.vatOre)}
                </TableCell>
                <TableCell align="right" sx={AMOUNT}>
                  {formatKr(c.grossOre)}
                </TableCell>
              </TableRow>
            ))}
            <TableRow>
              <TableCell sx={{ fontWeight: 600 }}>{t('total')}</TableCell>
              <TableCell align="right" sx={AMOUNT}>
                {formatKr(data.totals.netOre)}
              </TableCell>
              <TableCell align="right" sx={AMOUNT}>
                {formatKr(data.totals.vatOre)}
              </TableCell>
              <TableCell align="right" sx={{ ...AMOUNT, fontWeight: 600 }}>
                {formatKr(data.totals.grossOre)}
              </TableCell>
            </TableRow>
          </TableBody>
        </Table>
      </TableContainer>
      {isPhone && data.totals.byTaxCode.length > 0 && (
        <Box component="ul" sx={{ m: 0, mt: 0.5, pl: 1, listStyle: 'none', typography: 'body2', color: 'text.secondary' }}>
          {data.totals.byTaxCode.map((c) => (
            <li key={c.taxCode}>
              {c.taxCode}: {SAFT_TAX_CODE_TEXT[c.taxCode]}
            </li>
          ))}
        </Box>
      )}
      <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 600, mt: 3 }}>
        {t('byProvider')}
      </Typography>
      <TableContainer tabIndex={0} role="region" aria-label={t('byProvider')}>
        <Table size="small" aria-label={t('byProvider')} sx={tableSx}>
          <TableHead>
            <TableRow>
              <TableCell>{t('provider')}</TableCell>
              <TableCell align="right">{t('documents')}</TableCell>
              <TableCell align="right">{t('gross')}</TableCell>
              <TableCell align="right">{t('stripeFee')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {data.totals.byProvider.map((p) => (
              <TableRow key={p.provider}>
                <TableCell>{RECEIPT_PAYMENT_METHOD[p.provider]}</TableCell>
                <TableCell align="right">{p.documents}</TableCell>
                <TableCell align="right" sx={AMOUNT}>
                  {formatKr(p.grossOre)}
                </TableCell>
                <TableCell align="right" sx={AMOUNT}>
                  {formatKr(p.stripeFeeOre)}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 600, mt: 3 }}>
        {t('documentsTitle')} ({documentCount})
      </Typography>
      {data.rows.length === 0 ? (
        <Typography variant="body2">{t('empty')}</Typography>
      ) : isPhone ? (
        <PhoneDocuments data={data} lines={lines} onChanged={onChanged} />
      ) : (
        // No wider than the page (0 wide for the layout's fit-content, then all the room): past that it scrolls.
        <TableContainer
          sx={{ maxHeight: 600, width: 0, minWidth: '100%' }}
          tabIndex={0}
          role="region"
          aria-label={t('documentsTitle')}
        >
          <Table size="small" stickyHeader aria-label={t('documentsTitle')} sx={{ '& th, & td': { px: 1 } }}>
            <TableHead>
              <TableRow>
                <TableCell>{t('number')}</TableCell>
                {fiken.configured && <TableCell>{t('fiken')}</TableCell>}
                <TableCell>{t('date')}</TableCell>
                <TableCell>{t('buyer')}</TableCell>
                <TableCell>{t('course')}</TableCell>
                <TableCell>{t('provider')}</TableCell>
                <TableCell>{t('taxCode')}</TableCell>
                <TableCell align="right">{t('gross')}</TableCell>
                <TableCell align="right">{t('net')}</TableCell>
                <TableCell align="right">{t('vat')}</TableCell>
                <TableCell align="right">{t('stripeFee')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {data.rows.map((r, i) => {
                const first = i === 0 || data.rows[i - 1].number !== r.number;
                return (
                  <TableRow key={`${r.number}-${i}`} data-testid={first ? `document-${r.number}` : undefined}>
                    <TableCell>
                      {r.kind === 'receipt' ? t('receipt') : t('creditNote')} {r.number}
                    </TableCell>
                    {fiken.configured && first && (
                      // The posting is the document's, not a line's: one cell over all its lines.
                      <TableCell
                        rowSpan={lines.get(r.number)}
                        data-testid={`fiken-${r.number}`}
                        sx={{ verticalAlign: 'top', minWidth: 136, maxWidth: 240 }}
                      >
                        <FikenStatus row={r} configured={fiken.configured} onChanged={onChanged} />
                      </TableCell>
                    )}
                    <TableCell>{r.date.split('-').reverse().join('.')}</TableCell>
                    <TableCell>{r.buyer ?? t('anonymised')}</TableCell>
                    <TableCell>{r.course}</TableCell>
                    <TableCell>{RECEIPT_PAYMENT_METHOD[r.provider]}</TableCell>
                    <TableCell>{r.taxCode}</TableCell>
                    <TableCell align="right" sx={AMOUNT}>
                      {formatKr(r.grossOre)}
                    </TableCell>
                    <TableCell align="right" sx={AMOUNT}>
                      {formatKr(r.netOre)}
                    </TableCell>
                    <TableCell align="right" sx={AMOUNT}>
                      {formatKr(r.vatOre)}
                    </TableCell>
                    <TableCell align="right" sx={AMOUNT}>
                      {r.stripeFeeOre === null ? '' : formatKr(r.stripeFeeOre)}
                    </TableCell>
                  </TableRow>
                );
              })}
            </TableBody>
          </Table>
        </TableContainer>
      )}
    </>
  );
}

/**
 * The documents on a phone, where eleven columns cannot fit: one column says which document and
 * line it is, one its amounts (each on a line of its own). With Fiken set up, Fiken's column takes
 * the amounts' place and the amounts go under the line's text, so no column is squeezed to a few letters.
 */
function PhoneDocuments({
  data,
  lines,
  onChanged,
}: {
  data: SalesReportResponse;
  lines: Map<number, number>;
  onChanged: () => void;
}) {
  const translate = useTranslate();
  const t = (k: string) => translate(`panel.accounting.${k}`);
  const fiken = data.fiken;
  const amounts = (r: SalesReportRow) => (
    <>
      <div>
        {t('gross')} {formatKr(r.grossOre)}
      </div>
      <div>
        {t('net')} {formatKr(r.netOre)}
      </div>
      <div>
        {t('vat')} {formatKr(r.vatOre)}
      </div>
      {r.stripeFeeOre !== null && (
        <div>
          {t('fee')} {formatKr(r.stripeFeeOre)}
        </div>
      )}
    </>
  );
  return (
    <TableContainer tabIndex={0} role="region" aria-label={t('documentsTitle')} sx={{ maxHeight: 600 }}>
      <Table size="small" stickyHeader aria-label={t('documentsTitle')} sx={{ '& th, & td': { px: 1, verticalAlign: 'top' } }}>
        <TableHead>
          <TableRow>
            <TableCell>{t('number')}</TableCell>
            {fiken.configured ? <TableCell>{t('fiken')}</TableCell> : <TableCell align="right">{t('amounts')}</TableCell>}
          </TableRow>
        </TableHead>
        <TableBody>
          {data.rows.map((r, i) => {
            const first = i === 0 || data.rows[i - 1].number !== r.number;
            return (
              <TableRow key={`${r.number}-${i}`} data-testid={first ? `document-${r.number}` : undefined}>
                <TableCell sx={{ overflowWrap: 'break-word' }}>
                  {first && (
                    <>
                      <Box sx={{ fontWeight: 600 }}>
                        {r.kind === 'receipt' ? t('receipt') : t('creditNote')} {r.number}
                      </Box>
                      <div>{r.date.split('-').reverse().join('.')}</div>
                      <div>{r.buyer ?? t('anonymised')}</div>
                    </>
                  )}
                  <Box sx={{ color: 'text.secondary' }}>
                    {r.course} · {RECEIPT_PAYMENT_METHOD[r.provider]} · {t('taxCode').toLowerCase()} {r.taxCode}
                  </Box>
                  {fiken.configured && <Box sx={{ ...AMOUNT, mt: 0.5 }}>{amounts(r)}</Box>}
                </TableCell>
                {fiken.configured && first && (
                  <TableCell rowSpan={lines.get(r.number)} data-testid={`fiken-${r.number}`} sx={{ width: '45%' }}>
                    <FikenStatus row={r} configured={fiken.configured} onChanged={onChanged} />
                  </TableCell>
                )}
                {!fiken.configured && (
                  <TableCell align="right" sx={AMOUNT}>
                    {amounts(r)}
                  </TableCell>
                )}
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
