import Alert, { type AlertColor } from '@mui/material/Alert';
import Snackbar from '@mui/material/Snackbar';
import { useCallback, useState, type ReactNode } from 'react';

/**
 * The last outcome of an action on a screen and whether it is shown. The outcome stays after `hide()`, so that
 * its message does not go blank while it fades out.
 */
export function useNotice<T>() {
  const [value, setValue] = useState<T | null>(null);
  const [open, setOpen] = useState(false);
  const show = useCallback((next: T) => {
    setValue(next);
    setOpen(true);
  }, []);
  const hide = useCallback(() => setOpen(false), []);
  return { value, open, show, hide };
}

interface ScreenNoticeProps {
  open: boolean;
  onClose: () => void;
  severity: AlertColor;
  /** Closes by itself after this many milliseconds; stays until closed when absent. */
  autoHideDuration?: number;
  children: ReactNode;
}

/**
 * An outcome fixed to the bottom of the screen, so that it is seen from a button far down a long page as well.
 * A click elsewhere on the page leaves it open: the user may be reading it while they go on.
 */
export function ScreenNotice({ open, onClose, severity, autoHideDuration, children }: ScreenNoticeProps) {
  return (
    <Snackbar
      open={open}
      autoHideDuration={autoHideDuration}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
      onClose={(_, reason) => reason !== 'clickaway' && onClose()}
    >
      {/* A long word (an e-mail address) wraps on a phone instead of making the message a region that scrolls. */}
      <Alert severity={severity} variant="filled" onClose={onClose} sx={{ width: '100%', '& .MuiAlert-message': { overflowWrap: 'anywhere', minWidth: 0 } }}>
        {children}
      </Alert>
    </Snackbar>
  );
}
