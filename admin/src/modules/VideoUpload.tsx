import type { AdminModule, VideoUploadResponse } from '@academy/contracts';
import { VIDEO_MSG } from '@academy/contracts';
import { Alert, Box, Button, LinearProgress, Stack, Typography } from '@mui/material';
import { useEffect, useId, useRef, useState } from 'react';
import { useRecordContext, useRefresh } from 'react-admin';
import { formatPercent } from '../lib/format';
import { errorMessage, postJson } from '../lib/http';

/** Resumable chunks of 8 MiB (a multiple of 256 KiB, as Mux's upload links require). */
const CHUNK_KB = 8192;
/** How often the panel asks for the module while Mux prepares the video. */
const POLL_MS = 3000;

type Phase = { kind: 'idle' } | { kind: 'uploading'; percent: number } | { kind: 'sent' } | { kind: 'failed'; message: string };

function statusText(m: AdminModule): string | null {
  switch (m.videoStatus) {
    case 'waiting':
    case 'processing':
      return VIDEO_MSG.processing;
    case 'ready':
      return m.videoDurationSeconds !== null
        ? `Klar · ${Math.floor(m.videoDurationSeconds / 60)}:${String(m.videoDurationSeconds % 60).padStart(2, '0')}`
        : 'Klar';
    case 'errored':
      return m.videoError ?? 'Feilet';
    default:
      return null;
  }
}

/**
 * "Last opp video": the file goes from the browser straight to Mux (a direct upload link from the
 * server; resumable chunks with UpChunk, loaded only when a file is chosen) with a progress bar. The
 * module shows «Behandles …» until Mux's webhook has marked the video ready (signed playback only).
 */
export function VideoUpload() {
  const record = useRecordContext<AdminModule>();
  const refresh = useRefresh();
  const [phase, setPhase] = useState<Phase>({ kind: 'idle' });
  const input = useRef<HTMLInputElement>(null);
  const labelId = useId();
  const busy = record?.videoStatus === 'waiting' || record?.videoStatus === 'processing';

  // While Mux prepares the video, the panel looks again every few seconds.
  useEffect(() => {
    if (!busy || phase.kind === 'uploading') return;
    const timer = setInterval(refresh, POLL_MS);
    return () => clearInterval(timer);
  }, [busy, phase.kind, refresh]);

  if (!record || !record.videoProviders.includes('mux')) return null;

  const start = async (file: File) => {
    setPhase({ kind: 'uploading', percent: 0 });
    try {
      const { uploadUrl } = await postJson<VideoUploadResponse>(`/api/admin/modules/${record.id}/video-upload`, {});
      const { createUpload } = await import('@mux/upchunk');
      const upload = createUpload({ endpoint: uploadUrl, file, chunkSize: CHUNK_KB });
      await new Promise<void>((resolve, reject) => {
        upload.on('progress', (e) => setPhase({ kind: 'uploading', percent: Math.round(e.detail as number) }));
        upload.on('success', () => resolve());
        upload.on('error', (e) => reject(new Error(`Opplastingen stoppet: ${(e.detail as { message?: string }).message ?? ''}`)));
      });
      setPhase({ kind: 'sent' });
      refresh();
    } catch (e) {
      setPhase({ kind: 'failed', message: errorMessage(e) });
      refresh();
    } finally {
      if (input.current) input.current.value = '';
    }
  };

  const status = statusText(record);
  return (
    <Box sx={{ my: 2, p: 2, border: 1, borderColor: 'divider', borderRadius: 1, maxWidth: 640 }} data-testid="video-upload">
      <Typography variant="subtitle1" component="h3" id={labelId}>
        Video hos Mux (betalt innhold, signert avspilling)
      </Typography>
      {status && (
        <Typography variant="body2" role="status" data-testid="video-status" sx={{ mt: 1 }}>
          Status: {status}
        </Typography>
      )}
      {record.muxPlaybackId && (
        <Typography variant="body2" sx={{ mt: 0.5, wordBreak: 'break-all' }}>
          Playback-id: {record.muxPlaybackId}
        </Typography>
      )}
      <Stack direction="row" spacing={2} sx={{ mt: 2, alignItems: 'center', flexWrap: 'wrap' }}>
        <Button variant="outlined" component="label" disabled={phase.kind === 'uploading'}>
          Last opp video
          <input
            ref={input}
            hidden
            type="file"
            accept="video/*"
            aria-labelledby={labelId}
            onChange={(e) => {
              const file = e.target.files?.[0];
              if (file) void start(file);
            }}
          />
        </Button>
        <Typography variant="body2" color="text.secondary">
          Filen går rett til Mux. Modulen spiller det den har til den nye videoen er klar.
        </Typography>
      </Stack>
      {phase.kind === 'uploading' && (
        <Box sx={{ mt: 2 }}>
          <LinearProgress variant="determinate" value={phase.percent} aria-label="Opplasting" />
          <Typography variant="body2" sx={{ mt: 0.5 }}>
            Laster opp … {formatPercent(phase.percent)}
          </Typography>
        </Box>
      )}
      {phase.kind === 'sent' && busy && (
        <Alert severity="info" sx={{ mt: 2 }}>
          Opplastet. Mux behandler videoen; siden oppdateres av seg selv.
        </Alert>
      )}
      {phase.kind === 'failed' && (
        <Alert severity="error" sx={{ mt: 2 }}>
          {phase.message}
        </Alert>
      )}
    </Box>
  );
}
