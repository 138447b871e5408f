import { defaultTheme, type RaThemeOptions } from 'react-admin';

/** react-admin's default theme in the storefront's colours (frontend/src/styles/tokens.css): navy bar, green actions. */
export const theme: RaThemeOptions = {
  ...defaultTheme,
  palette: {
    ...defaultTheme.palette,
    primary: { main: '#0f7d58', dark: '#0b6b4b', contrastText: '#fff' },
    secondary: { main: '#0d2240', contrastText: '#fff' },
    error: { main: '#b42318' },
  },
  shape: { borderRadius: 10 },
  typography: { fontFamily: "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'Noto Sans', sans-serif" },
  components: {
    ...defaultTheme.components,
    // An empty list's 'Ingen … ennå' is in the disabled grey (2.7:1); the secondary text colour reads (WCAG 1.4.3).
    RaEmpty: { styleOverrides: { root: { '& .RaEmpty-message': { color: 'rgba(0, 0, 0, 0.6)' } } } },
  },
};
