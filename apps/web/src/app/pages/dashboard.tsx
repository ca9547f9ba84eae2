import type { InvoiceRow } from '@portal/contract';
import DashboardRoute from '@/features/dashboard/routes/dashboard';
import { StandaloneInvoiceDownloads } from '@/features/invoices/components/invoice-downloads';

const invoiceDownloads = (row: InvoiceRow) => <StandaloneInvoiceDownloads row={row} />;

/** The dashboard, with the latest invoice's downloads of the invoices feature (features do not import each other). */
export default function DashboardPage() {
  return <DashboardRoute invoiceActions={invoiceDownloads} />;
}
