import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableFooter from '@mui/material/TableFooter';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { InboxDetail } from '@portal/contract';
import { formatEuro, formatInteger } from '@/lib/format';
import { FactList, ItemSection } from './item-section';

const numeric = { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } as const;
const euroOrDash = (amount: number | null) => (amount === null ? '–' : formatEuro(amount));

/** What the customer sent: the form as filled in (labels, not field names), or the lines of an order. */
export function ItemForm({ item }: { item: InboxDetail }) {
  if (item.order) {
    return (
      <ItemSection title="Bestelde producten">
        <TableContainer>
          <Table size="small" aria-label="Bestelde producten">
            <TableHead>
              <TableRow>
                <TableCell>Artikel</TableCell>
                <TableCell>Omschrijving</TableCell>
                <TableCell align="right">Aantal</TableCell>
                <TableCell align="right">Prijs</TableCell>
                <TableCell align="right">Totaal</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {item.order.rows.map((row) => (
                <TableRow key={row.articleCode}>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{row.articleCode}</TableCell>
                  <TableCell>{row.name}</TableCell>
                  <TableCell align="right" sx={numeric}>{formatInteger(row.amount)}</TableCell>
                  <TableCell align="right" sx={numeric}>{euroOrDash(row.price)}</TableCell>
                  <TableCell align="right" sx={numeric}>{euroOrDash(row.rowTotalPrice)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
            <TableFooter>
              <TableRow>
                <TableCell colSpan={4} align="right" sx={{ fontWeight: 500, color: 'text.primary' }}>
                  Totaal exclusief btw
                </TableCell>
                <TableCell align="right" sx={{ ...numeric, fontWeight: 500, color: 'text.primary' }}>
                  {formatEuro(item.order.totalPrice)}
                </TableCell>
              </TableRow>
            </TableFooter>
          </Table>
        </TableContainer>
      </ItemSection>
    );
  }
  return (
    <ItemSection title="Formulier">
      {item.fields.length > 0 ? (
        <FactList facts={item.fields.map((field) => [field.label, field.value] as const)} label="Formulier" />
      ) : (
        <Typography color="text.secondary">Het formulier heeft geen ingevulde velden.</Typography>
      )}
    </ItemSection>
  );
}
