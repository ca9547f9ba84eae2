import Alert, { type AlertColor } from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Box from '@mui/material/Box';
import { failureNotice } from '../lib/form-errors';

interface LoadFailedProps {
  message: string;
  /** what the fetch failed with: a 503 adds that the service is back soon, a 429 says to slow down */
  error?: unknown;
  onRetry: () => void;
  /** The retry is under way: its button shows a spinner. */
  retrying?: boolean;
  severity?: AlertColor;
}

/** Data that could not be fetched: the failure, and a button to fetch it again. */
export function LoadFailed({ message, error, onRetry, retrying = false, severity = 'error' }: LoadFailedProps) {
  const notice = failureNotice(error);
  return (
    <Alert
      severity={severity}
      sx={{ my: 2 }}
      action={
        <Button color="inherit" size="small" onClick={onRetry} loading={retrying}>
          Opnieuw proberen
        </Button>
      }
    >
      {/* The screen's own text stands alone, word for word; what the failure adds comes beneath it. */}
      <Box component="span" sx={{ display: 'block' }}>
        {message}
      </Box>
      {notice !== undefined && (
        <Box component="span" sx={{ display: 'block', mt: 0.5 }}>
          {notice}
        </Box>
      )}
    </Alert>
  );
}
