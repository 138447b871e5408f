import Alert from '@mui/material/Alert';
import type { SxProps, Theme } from '@mui/material/styles';

/** The server's (Norwegian) error message for a form, announced to screen readers; nothing when there is none. */
export function FormError({ error, sx }: { error: string | null; sx?: SxProps<Theme> }) {
  if (!error) return null;
  return (
    <Alert severity="error" sx={sx} role="alert">
      {error}
    </Alert>
  );
}
