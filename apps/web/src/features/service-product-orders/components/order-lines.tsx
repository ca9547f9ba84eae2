import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableFooter from '@mui/material/TableFooter';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import type { ServiceProductOrder } from '@portal/contract';
import { formatEuro, formatInteger } from '@/lib/format';
import { priceOnRequestText } from '../utils/order-amounts';

const euroOrDash = (amount: number | null) => (amount === null ? '–' : formatEuro(amount));
const priceOf = (price: number | null) => (price === null ? priceOnRequestText : formatEuro(price));
const numeric = { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } as const;

interface OrderLinesProps {
  rows: ServiceProductOrder['orderRows'];
  /** The sum of the rows with a price; a product with its price on request is not in it, and the total says so. */
  total: number;
  label?: string;
}

/** The lines of an order: a table from `sm` up, a list of cards on a phone; the order total under both. */
export function OrderLines({ rows, total: totalPrice, label = 'Bestelde producten' }: OrderLinesProps) {
  const theme = useTheme();
  const stacked = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  const onRequest = rows.some((row) => row.price === null);
  const total = `${formatEuro(totalPrice)}${onRequest ? ' excl. producten met prijs op aanvraag' : ''}`;

  if (stacked) {
    return (
      <Paper variant="outlined">
        <Box component="ul" aria-label={label} sx={{ listStyle: 'none', m: 0, p: 0 }}>
          {rows.map((row) => (
            <Box
              component="li"
              key={row.serviceProductId}
              sx={{ px: 2, py: 1.5, borderBottom: 1, borderColor: 'divider' }}
            >
              <Typography sx={{ fontWeight: 500 }}>{row.serviceProductName}</Typography>
              <Typography variant="body2" color="text.secondary">
                Artikelcode {row.serviceProductArticleCode}
              </Typography>
              <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 2, mt: 0.5, ...numeric }}>
                <Typography variant="body2">
                  {formatInteger(row.amount)} × {priceOf(row.price)}
                </Typography>
                <Typography variant="body2" sx={{ fontWeight: 500 }}>
                  {euroOrDash(row.rowTotalPrice)}
                </Typography>
              </Box>
            </Box>
          ))}
        </Box>
        <Box sx={{ display: 'flex', justifyContent: 'space-between', px: 2, py: 1.5 }}>
          <Typography sx={{ fontWeight: 500 }}>Totaal excl. btw</Typography>
          <Typography sx={{ fontWeight: 500, fontVariantNumeric: 'tabular-nums', textAlign: 'right' }} data-testid="order-total">
            {total}
          </Typography>
        </Box>
      </Paper>
    );
  }

  return (
    <Paper variant="outlined" sx={{ overflow: 'hidden' }}>
      <TableContainer>
        <Table size="small" aria-label={label}>
          <TableHead>
            <TableRow>
              {['Artikelcode', 'Naam', 'Aantal', 'Prijs excl. btw', 'Totaal excl. btw'].map((header, index) => (
                <TableCell
                  key={header}
                  align={index >= 2 ? 'right' : 'left'}
                  sx={{ whiteSpace: 'nowrap', fontWeight: 500, bgcolor: 'grey.50' }}
                >
                  {header}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((row) => (
              <TableRow key={row.serviceProductId}>
                <TableCell sx={numeric}>{row.serviceProductArticleCode}</TableCell>
                <TableCell>{row.serviceProductName}</TableCell>
                <TableCell align="right" sx={numeric}>
                  {formatInteger(row.amount)}
                </TableCell>
                <TableCell align="right" sx={numeric}>
                  {priceOf(row.price)}
                </TableCell>
                <TableCell align="right" sx={numeric}>
                  {euroOrDash(row.rowTotalPrice)}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
          <TableFooter>
            <TableRow>
              <TableCell colSpan={4} sx={{ fontWeight: 500, color: 'text.primary', fontSize: '0.875rem' }}>
                Totaal excl. btw
              </TableCell>
              <TableCell align="right" sx={{ fontVariantNumeric: 'tabular-nums', fontWeight: 500, color: 'text.primary', fontSize: '0.875rem' }} data-testid="order-total">
                {total}
              </TableCell>
            </TableRow>
          </TableFooter>
        </Table>
      </TableContainer>
    </Paper>
  );
}
