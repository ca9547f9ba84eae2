import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { formatEuro } from '@/lib/format';
import { priceOnRequestText } from '../utils/order-amounts';
import type { ReorderDraft } from '../utils/reorder';

const price = (value: number | null) => (value === null ? priceOnRequestText.toLowerCase() : formatEuro(value));

/** Above Nieuwe bestelling filled from an earlier order: what was filled in, what was left out, which prices changed. */
export function ReorderNotice({ orderId, draft }: { orderId: number; draft: ReorderDraft }) {
  const { leftOut, repriced } = draft;
  return (
    <Alert severity={leftOut.length > 0 ? 'warning' : 'info'} sx={{ mb: 2 }} aria-label={`Opnieuw bestellen: bestelling ${orderId}`}>
      <AlertTitle>Ingevuld vanuit bestelling {orderId}</AlertTitle>
      <Typography variant="body2">
        Dezelfde producten en aantallen staan klaar; u kunt ze nog aanpassen. De huidige prijzen gelden.
      </Typography>
      {leftOut.length > 0 && (
        <>
          <Typography variant="body2" sx={{ mt: 1 }}>
            Niet meer te bestellen en daarom weggelaten:
          </Typography>
          <Box component="ul" aria-label="Weggelaten producten" sx={{ my: 0.5, pl: 2.5 }}>
            {leftOut.map((product) => (
              <li key={`${product.articleCode}|${product.name}`}>
                {product.name} ({product.articleCode})
              </li>
            ))}
          </Box>
        </>
      )}
      {repriced.length > 0 && (
        <>
          <Typography variant="body2" sx={{ mt: 1 }}>
            Prijs gewijzigd sinds die bestelling:
          </Typography>
          <Box component="ul" aria-label="Gewijzigde prijzen" sx={{ my: 0.5, pl: 2.5 }}>
            {repriced.map((product) => (
              <li key={product.name}>
                {product.name}: was {price(product.was)}, nu {price(product.now)}
              </li>
            ))}
          </Box>
        </>
      )}
    </Alert>
  );
}
