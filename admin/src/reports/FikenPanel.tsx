import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { FikenBackfillResponse, FikenPeriodSummary, FikenPostingStatus, SalesReportRow } from '@academy/contracts';
import { useEffect, useRef, useState } from 'react';
import { Confirm, useNotify, useTranslate } from 'react-admin';
import { API } from '../dataProvider';
import { FormError } from '../lib/FormError';
import { errorMessage, httpClient } from '../lib/http';

const key = (k: string) => `panel.accounting.${k}`;

/**
 * The period's documents in Fiken: how many are in the books, waiting, failed or never sent, and
 * for the ones never sent (issued before Fiken was set up) the backfill, which queues every such
 * document, not only this period's. Without Fiken set up: where to read how.
 */
export function FikenSummaryCard({ summary, onChanged }: { summary: FikenPeriodSummary; onChanged: () => void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const backfill = async () => {
    setBusy(true);
    setError(null);
    try {
      const { json } = await httpClient(`${API}/fiken/backfill`, { method: 'POST' });
      const { queued } = json as FikenBackfillResponse;
      notify(translate(key('fikenBackfillDone'), { count: queued }), { type: 'success' });
      onChanged();
    } catch (e) {
      setError(errorMessage(e));
    } finally {
      setBusy(false);
      setOpen(false);
    }
  };

  const counts: Array<[string, number]> = [
    ['fikenPosted', summary.posted],
    ['fikenWaiting', summary.waiting],
    ['fikenFailed', summary.failed],
    ['fikenNotQueued', summary.notQueued],
  ];

  return (
    <Paper variant="outlined" component="section" aria-labelledby="fiken-summary-title" sx={{ p: 2, mt: 2 }}>
      <Typography id="fiken-summary-title" component="h3" variant="subtitle1" sx={{ fontWeight: 600 }}>
        {translate(key('fiken'))}
      </Typography>
      {!summary.configured ? (
        <Typography variant="body2" color="text.secondary" data-testid="fiken-not-configured">
          {translate(key('fikenNotConfigured'))}
        </Typography>
      ) : (
        <>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
            {translate(key('fikenPeriodHelp'))}
          </Typography>
          <Box
            component="ul"
            data-testid="fiken-counts"
            sx={{
              listStyle: 'none',
              p: 0,
              m: 0,
              display: 'grid',
              gap: 1,
              gridTemplateColumns: { xs: '1fr 1fr', sm: 'repeat(4, max-content)' },
              columnGap: { sm: 4 },
            }}
          >
            {counts.map(([k, n]) => (
              <Typography key={k} component="li" variant="body2">
                {translate(key(k))}: <strong>{n}</strong>
              </Typography>
            ))}
          </Box>
          {summary.notQueued > 0 && (
            <Button
              variant="outlined"
              size="small"
              sx={{ mt: 2, width: { xs: '100%', sm: 'auto' } }}
              onClick={() => setOpen(true)}
              disabled={busy}
            >
              {translate(key('fikenBackfill'))}
            </Button>
          )}
          <FormError error={error} sx={{ mt: 2 }} />
          <Confirm
            isOpen={open}
            loading={busy}
            title={translate(key('fikenBackfillTitle'))}
            content={translate(key('fikenBackfillContent'), { count: summary.notQueued })}
            confirm={translate(key('fikenBackfillConfirm'))}
            cancel="Avbryt"
            onConfirm={backfill}
            onClose={() => setOpen(false)}
          />
        </>
      )}
    </Paper>
  );
}

/** «kvittering 1234» / «kreditnota 1235»: how a button names its document. */
export function documentName(row: Pick<SalesReportRow, 'kind' | 'number'>, translate: (k: string) => string): string {
  return `${translate(key(row.kind === 'receipt' ? 'receipt' : 'creditNote')).toLowerCase()} ${row.number}`;
}

/**
 * A document's posting to Fiken in the report's table: «Ført», «Venter», «Ikke sendt», or «Feilet»
 * with Fiken's reason as text (read on a phone and by a screen reader, not only on hover) and
 * «Prøv igjen», which puts the posting back in the queue. Nothing when Fiken is not set up.
 */
export function FikenStatus({
  row,
  configured,
  onChanged,
}: {
  row: Pick<SalesReportRow, 'receiptId' | 'kind' | 'number'> & { fiken: FikenPostingStatus | null };
  configured: boolean;
  onChanged: () => void;
}) {
  const translate = useTranslate();
  const notify = useNotify();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [retried, setRetried] = useState(false);
  const cell = useRef<HTMLDivElement>(null);
  const posting = row.fiken;
  const state = posting?.state ?? null;
  useEffect(() => {
    // «Prøv igjen» is gone once the report shows the posting waiting again: focus stays here, not on the page.
    if (retried && state !== 'failed') {
      cell.current?.focus();
      setRetried(false);
    }
  }, [retried, state]);
  if (!configured) return null;
  const document = documentName(row, translate);

  const retry = async () => {
    setBusy(true);
    setError(null);
    try {
      await httpClient(`${API}/fiken/postings/${row.receiptId}/retry`, { method: 'POST' });
      notify(translate(key('fikenRetryDone'), { document: capitalise(document) }), { type: 'success' });
      setRetried(true);
      onChanged();
    } catch (e) {
      setError(errorMessage(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Box ref={cell} tabIndex={-1} sx={{ display: 'flex', flexDirection: 'column', alignItems: 'flex-start', gap: 0.5 }}>
      {!posting ? (
        <Chip size="small" variant="outlined" label={translate(key('fikenNotQueued'))} />
      ) : posting.state === 'posted' ? (
        <Chip size="small" color="success" label={translate(key('fikenChipPosted'))} />
      ) : posting.state === 'waiting' ? (
        <Chip size="small" color="info" label={translate(key('fikenWaiting'))} />
      ) : (
        <>
          <Chip size="small" color="error" label={translate(key('fikenFailed'))} />
          <Typography variant="body2" sx={{ color: 'error.main' }} data-testid="fiken-error">
            {posting.error ?? translate(key('fikenNoReason'))}
          </Typography>
          <Button
            size="small"
            variant="outlined"
            onClick={retry}
            disabled={busy}
            aria-label={translate(key('fikenRetryFor'), { document })}
          >
            {translate(key('fikenRetry'))}
          </Button>
        </>
      )}
      <FormError error={error} sx={{ minWidth: 200 }} />
    </Box>
  );
}

const capitalise = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
