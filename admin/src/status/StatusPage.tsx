import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import {
  CHECK_STATUS_LABELS,
  STATUS_AREA_LABELS,
  STATUS_AREAS,
  STATUS_FIXER_LABELS,
  type CheckStatus,
  type StatusCheck,
  type StatusReport,
} from '@academy/contracts';
import { useEffect, useState } from 'react';
import { Loading, Title } from 'react-admin';
import { errorMessage, httpClient, postJson } from '../lib/http';
import { formatDateTime } from '../lib/format';

/** Dark enough on white for small text (WCAG AA), and a word beside each colour. */
const STATUS_COLOURS: Record<CheckStatus, { fg: string; bg: string }> = {
  ok: { fg: '#1b5e20', bg: '#e8f5e9' },
  warning: { fg: '#7a4100', bg: '#fff3e0' },
  error: { fg: '#b71c1c', bg: '#ffebee' },
  off: { fg: '#4a4a4a', bg: '#f0f0f0' },
};

function StatusLabel({ status }: { status: CheckStatus }) {
  const c = STATUS_COLOURS[status];
  return (
    <Box
      component="span"
      data-status={status}
      sx={{
        display: 'inline-block',
        minWidth: 72,
        textAlign: 'center',
        px: 1,
        py: 0.25,
        borderRadius: 1,
        fontSize: 13,
        fontWeight: 600,
        color: c.fg,
        bgcolor: c.bg,
        border: `1px solid ${c.fg}`,
      }}
    >
      {CHECK_STATUS_LABELS[status]}
    </Box>
  );
}

/**
 * One check: what it means for the academy, who puts it right and how, and the technical sentence
 * (what `npm run doctor` prints) behind «Detaljer».
 */
function CheckLine({ check }: { check: StatusCheck }) {
  const [open, setOpen] = useState(false);
  const plain = check.plain;
  const detailId = `status-detail-${check.id.replace(/[^a-z0-9-]/gi, '-')}`;
  const who =
    plain?.who === 'provider'
      ? `${STATUS_FIXER_LABELS.provider} (${STATUS_AREA_LABELS[check.area]})`
      : plain?.who
        ? STATUS_FIXER_LABELS[plain.who]
        : null;
  return (
    <Box
      component="li"
      data-check={check.id}
      sx={{
        display: 'flex',
        gap: 1.5,
        alignItems: 'flex-start',
        py: 1,
        borderTop: '1px solid #e0e0e0',
        '&:first-of-type': { borderTop: 'none' },
      }}
    >
      <StatusLabel status={check.status} />
      <Box sx={{ flex: 1, minWidth: 0, overflowWrap: 'anywhere' }}>
        <Typography variant="body2" data-testid="status-meaning">
          {plain ? (
            <>
              <strong>{plain.what}:</strong> {plain.meaning}
            </>
          ) : (
            check.message
          )}
        </Typography>
        {who && plain?.how && (
          <Typography variant="body2" sx={{ mt: 0.5 }} data-testid="status-fix">
            <strong>Hvem fikser det:</strong> {who}. <strong>Slik:</strong> {plain.how}
          </Typography>
        )}
        {plain && (
          <>
            <Button
              size="small"
              aria-expanded={open}
              aria-controls={detailId}
              onClick={() => setOpen((o) => !o)}
              sx={{ mt: 0.5, px: 0.5, minWidth: 0, textTransform: 'none' }}
            >
              {open ? '▾' : '▸'} Detaljer
            </Button>
            <Typography
              id={detailId}
              hidden={!open}
              variant="body2"
              color="text.secondary"
              sx={{ mt: 0.5, pl: 1, borderLeft: '2px solid #e0e0e0' }}
              data-testid="status-detail"
            >
              {check.message}
            </Typography>
          </>
        )}
      </Box>
    </Box>
  );
}

function Summary({ checks }: { checks: StatusCheck[] }) {
  const count = (s: CheckStatus) => checks.filter((c) => c.status === s).length;
  const errors = count('error');
  const warnings = count('warning');
  if (errors)
    return (
      <Alert severity="error" sx={{ mb: 2 }}>
        {errors} {errors === 1 ? 'sjekk feilet' : 'sjekker feilet'}
        {warnings ? ` og ${warnings} ${warnings === 1 ? 'gir en advarsel' : 'gir advarsler'}` : ''}: ved hver står hva det betyr,
        hvem som fikser det og hvordan.
      </Alert>
    );
  if (warnings)
    return (
      <Alert severity="warning" sx={{ mb: 2 }}>
        Ingen feil, men {warnings} {warnings === 1 ? 'advarsel' : 'advarsler'}.
      </Alert>
    );
  return (
    <Alert severity="success" sx={{ mb: 2 }}>
      Alt som er satt opp, virker.
    </Alert>
  );
}

/**
 * «Driftsstatus»: the doctor's checks of the site and every integration (the same as `npm run doctor`),
 * the last run of the instance that answered, and «Kjør sjekkene» for a new one.
 */
export function StatusPage() {
  const [report, setReport] = useState<StatusReport | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [running, setRunning] = useState(false);

  useEffect(() => {
    let live = true;
    httpClient('/api/admin/status')
      .then(({ json }) => live && setReport(json as StatusReport))
      .catch((e: unknown) => live && setError(errorMessage(e)));
    return () => {
      live = false;
    };
  }, []);

  const run = async () => {
    setRunning(true);
    setError(null);
    try {
      setReport(await postJson<StatusReport>('/api/admin/status/run', {}));
    } catch (e) {
      setError(errorMessage(e));
    } finally {
      setRunning(false);
    }
  };

  return (
    <Box sx={{ maxWidth: 960, py: 2 }}>
      <Title title="Driftsstatus" />
      <Typography component="h2" variant="h5" sx={{ mb: 1 }}>
        Driftsstatus
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        Sjekker at nettstedet og hver tjeneste det bruker (betaling, Discord, video, e-post, sikkerhetskopier) virker. Ved hver
        feil står hva den betyr for akademiet, og hvem som fikser den: du, driftsansvarlig (den som drifter serveren) eller
        leverandøren. Under «Detaljer» står det tekniske for driftsansvarlig. Det som ikke er satt opp, står som «Av».
      </Typography>
      <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap', mb: 2 }}>
        <Button variant="contained" onClick={() => void run()} disabled={running}>
          {running ? 'Sjekker …' : 'Kjør sjekkene'}
        </Button>
        {report?.ranAt && (
          <Typography variant="body2" color="text.secondary" data-testid="status-ran-at">
            Sist kjørt {formatDateTime(report.ranAt)} (instans {report.instance})
          </Typography>
        )}
      </Box>
      {error && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {error}
        </Alert>
      )}
      {!report && !error && <Loading loadingPrimary="Sjekker …" loadingSecondary="" />}
      {report && <Summary checks={report.checks} />}
      {report &&
        STATUS_AREAS.map((area) => {
          const checks = report.checks.filter((c) => c.area === area);
          if (!checks.length) return null;
          return (
            <Card key={area} component="section" aria-labelledby={`status-${area}`} sx={{ mb: 2 }}>
              <CardContent>
                <Typography id={`status-${area}`} component="h3" variant="h6" sx={{ mb: 1 }}>
                  {STATUS_AREA_LABELS[area]}
                </Typography>
                <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
                  {checks.map((c) => (
                    <CheckLine key={c.id} check={c} />
                  ))}
                </Box>
              </CardContent>
            </Card>
          );
        })}
    </Box>
  );
}
