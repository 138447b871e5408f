import {
  formatClock,
  formatVttTime,
  parseVtt,
  parseVttTime,
  serializeVtt,
  spliceVtt,
  type AdminCaptions,
  type AdminModule,
  type CaptionCue,
  type PutCaptionsRequest,
} from '@academy/contracts';
import { Alert, Box, Button, Chip, IconButton, TextField, Typography } from '@mui/material';
import { useEffect, useRef, useState } from 'react';
import { useRecordContext } from 'react-admin';
import { errorMessage, httpClient } from '../../lib/http';
import { useFormAction } from '../../lib/useFormAction';
import { CaptionsPreview, type PreviewHandle } from './CaptionsPreview';

/** A line as edited: the times as typed (checked when saved). */
interface Row {
  start: string;
  end: string;
  text: string;
  settings: string;
}

const toRows = (cues: CaptionCue[]): Row[] =>
  cues.map((c) => ({ start: formatVttTime(c.startMs), end: formatVttTime(c.endMs), text: c.text, settings: c.settings ?? '' }));

const STATE_LABEL: Record<NonNullable<AdminCaptions['state']>, { label: string; color: 'warning' | 'info' | 'success' }> = {
  generated: { label: 'Autogenerert – ikke godkjent', color: 'warning' },
  edited: { label: 'Redigert – ikke publisert', color: 'info' },
  approved: { label: 'Godkjent og publisert', color: 'success' },
};

/**
 * The rows as a WebVTT file, or what is wrong with them (in Norwegian, with the line): put back into
 * the saved file, so its comments, styles, regions and identifiers stay.
 */
function rowsToVtt(rows: Row[], file: string): { vtt: string } | { error: string } {
  const cues: CaptionCue[] = [];
  for (const [i, r] of rows.entries()) {
    const startMs = parseVttTime(r.start.trim());
    const endMs = parseVttTime(r.end.trim());
    if (startMs === null || endMs === null) return { error: `Tekstlinje ${i + 1}: skriv tiden som 00:01:05.500` };
    if (endMs <= startMs) return { error: `Tekstlinje ${i + 1}: sluttiden må være etter starttiden` };
    const prev = cues[cues.length - 1];
    if (prev && startMs < prev.startMs) return { error: `Tekstlinje ${i + 1}: starter før linjen foran` };
    cues.push({ startMs, endMs, text: r.text.trim(), settings: r.settings });
  }
  const vtt = (file && spliceVtt(file, cues)) || serializeVtt(cues);
  const checked = parseVtt(vtt);
  return checked.ok ? { vtt } : { error: checked.error };
}

/**
 * "Teksting": the module's captions as timed lines beside its video. The mentor corrects a line's
 * text or times, or uploads a .vtt file instead, and approves: only approved captions reach students
 * (the player's captions track and the transcript). Saving needs a recent sign-in; the panel asks.
 */
export function CaptionsEditor() {
  const record = useRecordContext<AdminModule>();
  const [data, setData] = useState<AdminCaptions | null>(null);
  const [rows, setRows] = useState<Row[]>([]);
  const [notice, setNotice] = useState<string | null>(null);
  const { busy, error, setError, run } = useFormAction();
  const preview = useRef<PreviewHandle>(null);
  const id = record?.id;

  useEffect(() => {
    if (id === undefined) return;
    httpClient(`/api/admin/modules/${id}/captions`)
      .then(({ json }) => {
        setData(json as AdminCaptions);
        setRows(toRows((json as AdminCaptions).cues));
      })
      .catch((e: unknown) => setError(errorMessage(e)));
  }, [id, setError]);

  if (!record) return null;

  const save = (vtt: string, approved: boolean, done: string) =>
    run(async () => {
      setNotice(null);
      const body: PutCaptionsRequest = { vtt, approved };
      const { json } = await httpClient(`/api/admin/modules/${record.id}/captions`, {
        method: 'PUT',
        body: JSON.stringify(body),
      });
      setData(json as AdminCaptions);
      setRows(toRows((json as AdminCaptions).cues));
      setNotice(done);
    });

  const saveRows = (approved: boolean) => {
    const out = rowsToVtt(rows, data?.vtt ?? '');
    if ('error' in out) {
      setNotice(null);
      setError(out.error);
      return;
    }
    void save(out.vtt, approved, approved ? 'Tekstingen er godkjent og publisert for elevene.' : 'Utkastet er lagret.');
  };

  const update = (i: number, patch: Partial<Row>) => setRows((rs) => rs.map((r, j) => (j === i ? { ...r, ...patch } : r)));
  const state = data?.state ? STATE_LABEL[data.state] : null;

  return (
    <Box data-testid="captions-editor" sx={{ pt: 1 }}>
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap', mb: 2 }}>
        {state ? (
          <Chip label={state.label} color={state.color} size="small" data-testid="captions-state" />
        ) : (
          <Chip label="Ingen teksting ennå" size="small" data-testid="captions-state" />
        )}
        {data?.published && data.state !== 'approved' && (
          <Typography variant="body2" color="text.secondary">
            Elevene ser forrige godkjente versjon til du godkjenner denne.
          </Typography>
        )}
      </Box>
      {error && (
        <Alert severity="error" sx={{ mb: 2 }} role="alert">
          {error}
        </Alert>
      )}
      {notice && (
        <Alert severity="success" sx={{ mb: 2 }} role="status">
          {notice}
        </Alert>
      )}
      <Box
        sx={{
          display: 'grid',
          gap: 3,
          gridTemplateColumns: { xs: '1fr', md: 'minmax(0, 5fr) minmax(0, 7fr)' },
          alignItems: 'start',
        }}
      >
        <CaptionsPreview ref={preview} courseId={record.courseId} moduleId={record.id} />
        <Box>
          <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', mb: 2 }}>
            <Button variant="contained" disabled={busy || !rows.length} onClick={() => saveRows(true)}>
              Godkjenn og publiser
            </Button>
            <Button variant="outlined" disabled={busy || !rows.length} onClick={() => saveRows(false)}>
              Lagre utkast
            </Button>
            <Button variant="outlined" disabled={busy} component="label">
              Last opp .vtt
              <input
                hidden
                type="file"
                accept=".vtt,text/vtt"
                data-testid="captions-file"
                onChange={(e) => {
                  const f = e.target.files?.[0];
                  e.target.value = '';
                  if (f)
                    void f.text().then((vtt) => save(vtt, false, `«${f.name}» er lastet opp som utkast. Se over og godkjenn.`));
                }}
              />
            </Button>
          </Box>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
            Filen lagres slik den er: kommentarer (NOTE), stiler, regioner og id-er beholdes, også når du retter en linje her. Er
            noe galt i filen, står det hva og på hvilken linje.
          </Typography>
          {!rows.length ? (
            <Typography color="text.secondary">
              Ingen tekstlinjer ennå. Last opp en .vtt-fil, eller vent på autogenerert teksting fra Mux etter at videoen er lastet
              opp.
            </Typography>
          ) : (
            <Box component="ol" sx={{ display: 'grid', gap: 1.5, listStyle: 'none', p: 0, m: 0 }} aria-label="Tekstlinjer">
              {rows.map((r, i) => {
                const startMs = parseVttTime(r.start.trim());
                return (
                  <Box
                    component="li"
                    key={i}
                    sx={{
                      display: 'grid',
                      gap: 1,
                      gridTemplateColumns: 'auto minmax(0, 1fr) minmax(0, 1fr)',
                      alignItems: 'start',
                    }}
                  >
                    <IconButton
                      size="small"
                      aria-label={`Spill av fra ${startMs !== null ? formatClock(startMs / 1000) : r.start}`}
                      onClick={() => {
                        if (startMs !== null) preview.current?.seek(Math.floor(startMs / 1000));
                      }}
                      sx={{ mt: 0.5 }}
                    >
                      <span aria-hidden="true">▶</span>
                    </IconButton>
                    <TextField
                      size="small"
                      label={`Start ${i + 1}`}
                      value={r.start}
                      onChange={(e) => update(i, { start: e.target.value })}
                    />
                    <TextField
                      size="small"
                      label={`Slutt ${i + 1}`}
                      value={r.end}
                      onChange={(e) => update(i, { end: e.target.value })}
                    />
                    <TextField
                      size="small"
                      label={`Tekst ${i + 1}`}
                      value={r.text}
                      multiline
                      onChange={(e) => update(i, { text: e.target.value })}
                      sx={{ gridColumn: '2 / span 2' }}
                    />
                  </Box>
                );
              })}
            </Box>
          )}
        </Box>
      </Box>
    </Box>
  );
}
