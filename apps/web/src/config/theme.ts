import { createTheme, responsiveFontSizes } from '@mui/material/styles';
import { nlNL as materialNl } from '@mui/material/locale';

/**
 * The one look of the portal: calm and clinical, a deep teal on cool greys, compact enough for long tables,
 * with contrast that passes WCAG AA for text on every surface.
 */
const teal = { main: '#0b5c66', light: '#3f8a93', dark: '#063f46', contrastText: '#ffffff' };
const slate = { main: '#3d5a80', light: '#6b84a6', dark: '#283f5c', contrastText: '#ffffff' };

export const drawerWidth = 264;

/**
 * The focus ring of every interactive element (WCAG 2.2, 2.4.7 and 2.4.11): 3 px of the darkest teal, set off
 * from the element, at least 3:1 against the page, the cards and the teal of a selected item (11:1 on white).
 */
export const focusRing = { outline: `3px solid ${teal.dark}`, outlineOffset: 2 } as const;
/** Inside the element, where a container would clip a ring outside it (the items of a menu). */
const insetFocusRing = { outline: `3px solid ${teal.dark}`, outlineOffset: -3 } as const;

const base = createTheme(
  {
    palette: {
      mode: 'light',
      primary: teal,
      secondary: slate,
      error: { main: '#b3261e' },
      warning: { main: '#9a5b00' },
      success: { main: '#1e6b3a' },
      info: { main: '#1f5f99' },
      background: { default: '#f3f6f7', paper: '#ffffff' },
      text: { primary: '#1b2a2f', secondary: '#4a5a60' },
      divider: '#dbe3e6',
    },
    shape: { borderRadius: 8 },
    typography: {
      fontFamily: 'Roboto, "Segoe UI", Helvetica, Arial, sans-serif',
      h1: { fontSize: '1.75rem', fontWeight: 500, lineHeight: 1.25 },
      h2: { fontSize: '1.25rem', fontWeight: 500, lineHeight: 1.3 },
      h3: { fontSize: '1.1rem', fontWeight: 500, lineHeight: 1.35 },
      h4: { fontSize: '1rem', fontWeight: 500 },
      h5: { fontSize: '1rem', fontWeight: 500 },
      h6: { fontSize: '1.125rem', fontWeight: 500 },
      button: { textTransform: 'none', fontWeight: 500 },
    },
    components: {
      MuiCssBaseline: {
        styleOverrides: {
          body: { WebkitFontSmoothing: 'antialiased' },
          // Links and anything made focusable by hand: the same ring as the buttons.
          'a:focus-visible, [tabindex]:not(.MuiButtonBase-root):focus-visible': focusRing,
        },
      },
      MuiButtonBase: { styleOverrides: { root: { '&.Mui-focusVisible': focusRing } } },
      MuiMenuItem: { styleOverrides: { root: { '&.Mui-focusVisible': insetFocusRing } } },
      MuiAppBar: { defaultProps: { elevation: 0, color: 'inherit' } },
      MuiButton: { defaultProps: { disableElevation: true } },
      MuiCard: { defaultProps: { variant: 'outlined' } },
      MuiPaper: { defaultProps: { elevation: 0 } },
      MuiTextField: { defaultProps: { fullWidth: true, margin: 'normal' } },
      MuiAlert: { styleOverrides: { root: { alignItems: 'center' } } },
      MuiListItemButton: {
        styleOverrides: {
          root: ({ theme }) => ({
            borderRadius: theme.shape.borderRadius,
            '&.Mui-selected': {
              backgroundColor: theme.palette.primary.main,
              color: theme.palette.primary.contrastText,
              '& .MuiListItemIcon-root': { color: theme.palette.primary.contrastText },
              '&:hover': { backgroundColor: theme.palette.primary.dark },
            },
          }),
        },
      },
      MuiListItemIcon: { styleOverrides: { root: { minWidth: 40 } } },
    },
  },
  materialNl,
);

export const theme = responsiveFontSizes(base, { factor: 2 });
