import Alert from '@mui/material/Alert';
import Snackbar from '@mui/material/Snackbar';
import { feedback, tableDefaults, type InvoiceRow, type InvoiceTableColumn } from '@portal/contract';
import { useCallback, useMemo, useState } from 'react';
import { DataTable } from '@/components/data-table/data-table';
import type { DataTableColumn } from '@/components/data-table/types';
import { PageHeading } from '@/components/page-heading';
import { failureMessage } from '@/lib/form-errors';
import { formatEuro, formatMonth } from '@/lib/format';
import { paths } from '@/lib/paths';
import { getInvoiceTableQueryOptions } from '../api/get-invoice-table';
import { InvoiceDownloads, invoiceFileLabels, type DownloadFailure } from '../components/invoice-downloads';

const invoiceKey = (row: InvoiceRow) => `${row.processedMonth}|${row.clientCode}`;

function downloadFailedText({ row, fileType, error }: DownloadFailure): string {
  return failureMessage(
    error,
    `Het downloaden van ‘${invoiceFileLabels[fileType]}’ van ${formatMonth(row.processedMonth)} is mislukt. Probeer het opnieuw.`,
  );
}

export default function InvoicesRoute() {
  // The last failure stays while its message fades out.
  const [failure, setFailure] = useState<DownloadFailure | null>(null);
  const [showFailure, setShowFailure] = useState(false);
  const onDownloadOutcome = useCallback((outcome: DownloadFailure | null) => {
    if (outcome) setFailure(outcome);
    setShowFailure(outcome !== null);
  }, []);

  const columns = useMemo<DataTableColumn<InvoiceRow, InvoiceTableColumn>[]>(
    () => [
      { field: 'processedMonth', header: 'Maand', noWrap: true, render: (row) => formatMonth(row.processedMonth) },
      { field: 'clientCode', header: 'Klantcode', noWrap: true },
      {
        field: 'invoiceAmount',
        header: 'Bedrag',
        align: 'right',
        noWrap: true,
        render: (row) => formatEuro(row.invoiceAmount),
      },
      { id: 'downloads', header: 'Downloads', render: (row) => <InvoiceDownloads row={row} onOutcome={onDownloadOutcome} /> },
    ],
    [onDownloadOutcome],
  );

  return (
    <>
      <PageHeading title={paths.invoices.title} />
      {/* Fixed to the screen, so that it is seen from a button far down a long page as well. */}
      <Snackbar
        open={showFailure}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
        onClose={(_, reason) => reason !== 'clickaway' && setShowFailure(false)}
      >
        <Alert severity="error" variant="filled" onClose={() => setShowFailure(false)} sx={{ width: '100%' }}>
          {failure && downloadFailedText(failure)}
        </Alert>
      </Snackbar>
      <DataTable
        label="Facturen"
        query={getInvoiceTableQueryOptions}
        columns={columns}
        defaults={tableDefaults.invoices}
        emptyText={feedback.emptyInvoices}
        searchable
        searchHint="Zoek op maand (bijv. maart 2026) of klantcode"
        rowKey={invoiceKey}
      />
    </>
  );
}
