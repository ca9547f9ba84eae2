import Chip from '@mui/material/Chip';
import type { InvoiceRow } from '@portal/contract';

/** Whether an invoice is paid (Betaald, Open), as the invoice list and the dashboard show it; a dash when unknown. */
export function PaymentStatusChip({ status }: { status: InvoiceRow['paymentStatus'] }) {
  if (status === null) return <span aria-label="Onbekend">–</span>;
  return <Chip size="small" variant="outlined" color={status === 'Paid' ? 'success' : 'default'} label={status === 'Paid' ? 'Betaald' : 'Open'} />;
}
