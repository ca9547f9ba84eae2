import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';

interface LoadingStateProps {
  /** Said to screen readers, and shown under the spinner when `showLabel` is set. */
  label?: string;
  showLabel?: boolean;
  /** Fill the viewport (first load) instead of the space of a card or page. */
  fullPage?: boolean;
}

export function LoadingState({ label = 'Laden…', showLabel = false, fullPage = false }: LoadingStateProps) {
  return (
    <Box
      role="status"
      aria-live="polite"
      sx={{
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'center',
        gap: 2,
        py: 4,
        minHeight: fullPage ? '100dvh' : undefined,
      }}
    >
      <CircularProgress aria-hidden={showLabel ? true : undefined} aria-label={showLabel ? undefined : label} />
      {showLabel && <Typography color="text.secondary">{label}</Typography>}
    </Box>
  );
}
