import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useId } from 'react';

/** A new two-factor secret to set up: its QR code beside the key to type by hand (the portal's and the back-office's). */
export function TotpSecret({ qrCodeDataUrl, secret, mb = 1 }: { qrCodeDataUrl: string; secret: string; mb?: number }) {
  const labelId = useId();
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 2, mb }}>
      <Box
        component="img"
        src={qrCodeDataUrl}
        alt="QR-code om tweestapsverificatie in te stellen in uw authenticator-app"
        sx={{ width: 180, height: 180, border: 1, borderColor: 'divider', borderRadius: 1, bgcolor: '#fff' }}
      />
      <Box sx={{ minWidth: 0, flex: '1 1 160px' }}>
        <Typography variant="body2" color="text.secondary" id={labelId}>
          Sleutel voor handmatige invoer
        </Typography>
        <Typography
          component="code"
          data-testid="totp-secret"
          aria-labelledby={labelId}
          sx={{ display: 'block', fontFamily: 'monospace', fontSize: '1rem', wordBreak: 'break-all' }}
        >
          {secret}
        </Typography>
      </Box>
    </Box>
  );
}
