import Box from '@mui/material/Box';
import Grid from '@mui/material/Grid';
import { Children, type ReactElement, type ReactNode } from 'react';
import { Labeled, Link, ListButton, TopToolbar, useCreatePath, type Identifier } from 'react-admin';

/** A show or edit page's toolbar: back to the list (in this page's words), then the page's own buttons. */
export function BackToListActions({ label, children }: { label: string; children?: ReactNode }) {
  return (
    <TopToolbar>
      <ListButton label={label} />
      {children}
    </TopToolbar>
  );
}

/** Short fields side by side at the top of a show page, four to a row (two on a phone), each under its label. */
export function FieldRow({ children }: { children: ReactElement | ReactElement[] }) {
  return (
    <Grid container spacing={2}>
      {Children.map(children, (field) => (
        <Grid size={{ xs: 6, md: 3 }}>
          <Labeled>{field}</Labeled>
        </Grid>
      ))}
    </Grid>
  );
}

/** Text shown as it is stored, line breaks kept and long lines wrapped: an e-mail's text part, a change as JSON. */
export function Preformatted({ children }: { children: string }) {
  return (
    <Box
      component="pre"
      sx={{
        m: 0,
        p: 1.5,
        bgcolor: 'action.hover',
        borderRadius: 1,
        fontSize: 13,
        whiteSpace: 'pre-wrap',
        wordBreak: 'break-word',
      }}
    >
      {children}
    </Box>
  );
}

/** A link to another record's page in the panel (a grant's order, an order's student). */
export function ShowLink({ resource, id, children }: { resource: string; id: Identifier; children: ReactNode }) {
  const createPath = useCreatePath();
  return <Link to={createPath({ resource, id, type: 'show' })}>{children}</Link>;
}
