import { feedback, tableDefaults, type InvoiceRow, type InvoiceTableColumn, exportCalls } from '@portal/contract';
import { useCallback, useMemo } from 'react';
import { DataTable } from '@/components/data-table/data-table';
import type { DataTableColumn } from '@/components/data-table/types';
import { PageHeading } from '@/components/page-heading';
import { PaymentStatusChip } from '@/components/payment-status-chip';
import { ScreenNotice, useNotice } from '@/components/screen-notice';
import { formatEuro, formatMonth } from '@/lib/format';
import { paths } from '@/lib/paths';
import { getInvoiceTableQueryOptions } from '../api/get-invoice-table';
import { InvoiceBundleDownload } from '../components/invoice-bundle-download';
import { downloadFailedText, InvoiceDownloads, type DownloadFailure } from '../components/invoice-downloads';

const invoiceKey = (row: InvoiceRow) => `${row.processedMonth}|${row.clientCode}`;

export default function InvoicesRoute() {
  const failure = useNotice<DownloadFailure>();
  const { show, hide } = failure;
  const onDownloadOutcome = useCallback(
    (outcome: DownloadFailure | null) => (outcome ? show(outcome) : hide()),
    [show, hide],
  );

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
      {
        id: 'paymentStatus',
        header: 'Betaald',
        value: true,
        noWrap: true,
        // The provider's invoicing may not say whether an invoice is paid: then there is no column of dashes.
        showWhen: (rows) => (rows as InvoiceRow[]).some((row) => row.paymentStatus !== null),
        render: (row) => <PaymentStatusChip status={row.paymentStatus} />,
      },
      { id: 'downloads', header: 'Downloads', render: (row) => <InvoiceDownloads row={row} onOutcome={onDownloadOutcome} /> },
    ],
    [onDownloadOutcome],
  );

  return (
    <>
      <PageHeading title={paths.invoices.title} action={<InvoiceBundleDownload />} />
      <ScreenNotice open={failure.open} onClose={hide} severity="error">
        {failure.value && downloadFailedText(failure.value)}
      </ScreenNotice>
      <DataTable
        label="Facturen"
        query={getInvoiceTableQueryOptions}
        exportCall={exportCalls.invoices}
        columns={columns}
        defaults={tableDefaults.invoices}
        emptyText={feedback.emptyInvoices}
        searchable
        searchHint="Zoek op maand (bijv. maart 2026), klantcode of factuurnummer"
        rowKey={invoiceKey}
      />
    </>
  );
}
