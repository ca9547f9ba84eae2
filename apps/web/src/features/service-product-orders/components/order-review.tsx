import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { ServiceProductOrder } from '@portal/contract';
import { useEffect, useRef } from 'react';
import { useFormPostUserDetails } from '@/lib/user-details';
import { OrderLines } from './order-lines';

interface OrderReviewProps {
  rows: ServiceProductOrder['orderRows'];
  total: number;
  placing: boolean;
  /** The failure of the last attempt, said above the buttons; the order stays as it is. */
  failure: string | null;
  onBack: () => void;
  onPlace: () => void;
}

/**
 * "Controleer uw bestelling": the products, amounts, prices, total and who orders, before anything is ordered.
 * Focus moves to the heading, so a keyboard or screen-reader user starts reading at the top of what to check.
 */
export function OrderReview({ rows, total, placing, failure, onBack, onPlace }: OrderReviewProps) {
  const heading = useRef<HTMLHeadingElement>(null);
  const orderer = useFormPostUserDetails().data;
  useEffect(() => heading.current?.focus(), []);
  const name = orderer && [orderer.firstName, orderer.middleName, orderer.lastName].filter(Boolean).join(' ');

  return (
    <Box component="section" aria-labelledby="order-review-heading">
      <Typography
        id="order-review-heading"
        ref={heading}
        tabIndex={-1}
        variant="h2"
        sx={{ mb: 1, '&:focus': { outline: 'none' } }}
      >
        Controleer uw bestelling
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {orderer ? `Besteld door ${name} (${orderer.emailAddress}) namens ${orderer.clientName}. ` : ''}
        Kloppen de producten en aantallen? Kies dan Bestellen. Met Terug past u de aantallen aan.
      </Typography>
      <OrderLines rows={rows} total={total} label="Te bestellen producten" />
      <Paper variant="outlined" sx={{ mt: 2, px: { xs: 2, sm: 3 }, py: 1.5 }}>
        {failure && (
          <Alert severity="error" sx={{ mb: 1.5 }}>
            {failure}
          </Alert>
        )}
        <Box sx={{ display: 'flex', flexWrap: 'wrap', justifyContent: 'flex-end', gap: 2 }}>
          <Button variant="outlined" onClick={onBack} disabled={placing}>
            Terug
          </Button>
          <Button variant="contained" onClick={onPlace} loading={placing}>
            Bestellen
          </Button>
        </Box>
      </Paper>
    </Box>
  );
}
