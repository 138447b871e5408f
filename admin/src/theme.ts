import { defaultTheme, type RaThemeOptions } from 'react-admin';

/** react-admin's default theme in the storefront's colours (frontend/src/styles/tokens.css): navy bar, green actions. */
export const theme: RaThemeOptions = {
  ...defaultTheme,
  palette: {
    ...defaultTheme.palette,
    primary: { main: '#0f7d58', dark: '#0b6b4b', contrastText: '#fff' },
    secondary: { main: '#0d2240', contrastText: '#fff' },
    error: { main: '#b42318' },
    // Darker than Material UI's orange and light blue, so white text on them reads (WCAG 1.4.3: 4.5:1).
    warning: { main: '#b54708', contrastText: '#fff' },
    info: { main: '#01579b', contrastText: '#fff' },
  },
  shape: { borderRadius: 10 },
  typography: { fontFamily: "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'Noto Sans', sans-serif" },
  components: {
    ...defaultTheme.components,
    // An empty list's 'Ingen … ennå' is in the disabled grey (2.7:1); the secondary text colour reads (WCAG 1.4.3).
    RaEmpty: { styleOverrides: { root: { '& .RaEmpty-message': { color: 'rgba(0, 0, 0, 0.6)' } } } },
    // react-admin's layout is at least as wide as its content (min-width: fit-content). On a phone
    // that widens the page past the window; there the content takes the window's width and wraps.
    RaLayout: {
      styleOverrides: {
        root: { '@media (max-width: 599.95px)': { minWidth: 0, '& .RaLayout-content': { minWidth: 0 } } },
      },
    },
    // A value (a long e-mail address, an id) breaks rather than pushing the page wider: in a
    // field, a table cell and a phone's list line. Only a word longer than its room breaks inside
    // ('break-word', not 'anywhere': that let a table give a column less than its longest word and
    // split "Foundation" and "Status" while the page had room); e-mail addresses offer their own
    // breaks after '@' and '.' (EmailText).
    RaLabeled: { styleOverrides: { root: { minWidth: 0, overflowWrap: 'break-word' } } },
    MuiTableCell: { styleOverrides: { root: { overflowWrap: 'break-word', hyphens: 'manual' } } },
    // A phone's list line keeps 'anywhere': its flex row would otherwise be as wide as its longest word.
    MuiListItemText: { styleOverrides: { root: { minWidth: 0, overflowWrap: 'anywhere' } } },
    // The selected rows' toolbar: its buttons in the dark green, 5.2:1 on the toolbar's light green
    // (the main green read 4.1:1, WCAG 1.4.3). With nothing selected it is folded away to no height,
    // and hidden too: its buttons were still three Tab stops that showed nothing.
    RaBulkActionsToolbar: {
      styleOverrides: {
        root: {
          '& .RaBulkActionsToolbar-toolbar .MuiButton-root, & .RaBulkActionsToolbar-icon': { color: '#0b6b4b' },
          '& .RaBulkActionsToolbar-collapsed': { visibility: 'hidden' },
        },
      },
    },
    // A focused line of a phone's list (reached by Tab) shows a clear ring, not only a faint tint (WCAG 2.4.7).
    MuiListItemButton: {
      styleOverrides: {
        root: {
          '&.Mui-focusVisible': { outline: '2px solid #0f7d58', outlineOffset: '-2px' },
        },
      },
    },
    // A progress indicator has a name (the app bar's loading spinner has none otherwise).
    MuiCircularProgress: { defaultProps: { 'aria-label': 'Laster' } },
    MuiLinearProgress: { defaultProps: { 'aria-label': 'Laster' } },
  },
};
