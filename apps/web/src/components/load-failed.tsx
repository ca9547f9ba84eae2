import Alert, { type AlertColor } from '@mui/material/Alert';
import Button from '@mui/material/Button';

interface LoadFailedProps {
  message: string;
  onRetry: () => void;
  /** The retry is under way: its button shows a spinner. */
  retrying?: boolean;
  severity?: AlertColor;
}

/** Data that could not be fetched: the failure, and a button to fetch it again. */
export function LoadFailed({ message, onRetry, retrying = false, severity = 'error' }: LoadFailedProps) {
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
      {message}
    </Alert>
  );
}
