import ContentCopy from '@mui/icons-material/ContentCopy';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { webhookScreenText as t } from '@portal/contract';
import { useId, useState } from 'react';

/**
 * An endpoint's secret, shown this once (at creation and rotation): the Beheerder copies it into the receiving
 * system and says so to close. Escape and a click beside the dialog do not close it by accident.
 */
export function SecretDialog({ url, secret, onClose }: { url: string; secret: string; onClose: () => void }) {
  const titleId = useId();
  const textId = useId();
  const [copied, setCopied] = useState<boolean | null>(null);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(secret);
      setCopied(true);
    } catch {
      setCopied(false);
    }
  };
  return (
    <Dialog open aria-labelledby={titleId} aria-describedby={textId} maxWidth="sm" fullWidth>
      <DialogTitle id={titleId}>{t.secretTitle}</DialogTitle>
      <DialogContent>
        <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere', mb: 1 }}>
          {url}
        </Typography>
        <DialogContentText id={textId}>{t.secretText}</DialogContentText>
        <Box
          component="code"
          data-testid="webhook-secret"
          sx={{ display: 'block', my: 2, p: 2, bgcolor: 'grey.100', borderRadius: 1, fontFamily: 'monospace', fontSize: '1rem', wordBreak: 'break-all' }}
        >
          {secret}
        </Box>
        <Button variant="outlined" size="small" startIcon={<ContentCopy />} onClick={() => void copy()}>
          {t.copy}
        </Button>
        {copied !== null && (
          <Typography role="status" variant="body2" sx={{ mt: 1 }} color={copied ? 'success.dark' : 'error'}>
            {copied ? t.copied : t.copyFailed}
          </Typography>
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button variant="contained" onClick={onClose}>
          {t.secretKept}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
