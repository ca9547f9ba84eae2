import Alert, { type AlertColor } from '@mui/material/Alert';
import Box from '@mui/material/Box';
import { useCallback, useEffect, useState, type ReactNode } from 'react';

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
 * A click elsewhere on the page leaves it open: the user may be reading it while they go on. It closes by itself
 * after `autoHideDuration`, counted anew for each outcome and not while the pointer or the focus is on it
 * (WCAG 2.2.2), and with Escape. The portal's own rather than MUI's Snackbar, which brings its transition and
 * click-away listener into every screen with a notice (decision 0105).
 */
export function ScreenNotice({ open, onClose, severity, autoHideDuration, children }: ScreenNoticeProps) {
  const [held, setHeld] = useState(false);
  // Every render of an open notice starts its time anew, as a new outcome must have the whole time to be read.
  useEffect(() => {
    if (!open || held || autoHideDuration === undefined) return;
    const timer = setTimeout(onClose, autoHideDuration);
    return () => clearTimeout(timer);
  });
  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape' && !event.defaultPrevented) onClose();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open, onClose]);
  if (!open) return null;
  return (
    <Box
      onPointerEnter={() => setHeld(true)}
      onPointerLeave={() => setHeld(false)}
      onFocus={() => setHeld(true)}
      onBlur={() => setHeld(false)}
      sx={{
        position: 'fixed',
        zIndex: 'snackbar',
        left: { xs: 8, sm: '50%' },
        right: { xs: 8, sm: 'auto' },
        bottom: { xs: 8, sm: 24 },
        transform: { sm: 'translateX(-50%)' },
        maxWidth: { sm: 'min(600px, calc(100vw - 48px))' },
      }}
    >
      {/* A long word (an e-mail address) wraps on a phone instead of making the message a region that scrolls. */}
      <Alert severity={severity} variant="filled" onClose={onClose} sx={{ width: '100%', boxShadow: 6, '& .MuiAlert-message': { overflowWrap: 'anywhere', minWidth: 0 } }}>
        {children}
      </Alert>
    </Box>
  );
}
