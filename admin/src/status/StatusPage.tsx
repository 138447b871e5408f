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

function Summary({ checks }: { checks: StatusCheck[] }) {
  const count = (s: CheckStatus) => checks.filter((c) => c.status === s).length;
  const errors = count('error');
  const warnings = count('warning');
  if (errors)
    return (
      <Alert severity="error" sx={{ mb: 2 }}>
        {errors} {errors === 1 ? 'sjekk feilet' : 'sjekker feilet'}
        {warnings ? ` og ${warnings} ${warnings === 1 ? 'gir en advarsel' : 'gir advarsler'}` : ''}: gjør det som står ved hver av
        dem.
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
        Sjekker at nettstedet og hver tjeneste det bruker (betaling, Discord, video, e-post, sikkerhetskopier) virker. Det samme
        som <code>npm run doctor</code> på serveren. Det som ikke er satt opp, står som «Av».
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
                    <Box
                      component="li"
                      key={c.id}
                      data-check={c.id}
                      sx={{
                        display: 'flex',
                        gap: 1.5,
                        alignItems: 'flex-start',
                        py: 1,
                        borderTop: '1px solid #e0e0e0',
                        '&:first-of-type': { borderTop: 'none' },
                      }}
                    >
                      <StatusLabel status={c.status} />
                      <Typography variant="body2" sx={{ flex: 1, minWidth: 0, overflowWrap: 'anywhere' }}>
                        {c.message}
                      </Typography>
                    </Box>
                  ))}
                </Box>
              </CardContent>
            </Card>
          );
        })}
    </Box>
  );
}
