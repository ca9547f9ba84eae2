import { feedback, tableDefaults, type PackingOrderRow, type PackingOrderTableColumn, exportCalls } from '@portal/contract';
import { DataTable } from '@/components/data-table/data-table';
import type { DataTableColumn } from '@/components/data-table/types';
import { PageHeading } from '@/components/page-heading';
import { formatDate, formatInteger } from '@/lib/format';
import { paths } from '@/lib/paths';
import { getPackingOrderTableQueryOptions } from '../api/get-packing-order-table';

const columns: DataTableColumn<PackingOrderRow, PackingOrderTableColumn>[] = [
  { field: 'facility', header: 'Afdeling' },
  { field: 'patientCount', header: 'Aantal patiënten', align: 'right', render: (row) => formatInteger(row.patientCount) },
  { field: 'bagCount', header: 'Aantal zakjes', align: 'right', render: (row) => formatInteger(row.bagCount) },
  { field: 'reelStatusText', header: 'Status' },
  { field: 'orderDate', header: 'Orderdatum', noWrap: true, render: (row) => formatDate(row.orderDate) },
];

export default function PackingOrdersRoute() {
  return (
    <>
      <PageHeading title={paths.packingOrders.title} />
      <DataTable
        label="Inpakopdrachten"
        query={getPackingOrderTableQueryOptions}
        exportCall={exportCalls.packingOrders}
        columns={columns}
        defaults={tableDefaults.packingOrders}
        emptyText={feedback.emptyPackingOrders}
        searchable
        searchHint="Zoek op afdeling of status"
      />
    </>
  );
}
