import { canBeHalvedText, feedback, tableDefaults, type AssortmentRow, type AssortmentTableColumn, exportCalls } from '@portal/contract';
import { DataTable } from '@/components/data-table/data-table';
import type { DataTableColumn } from '@/components/data-table/types';
import { PageHeading } from '@/components/page-heading';
import { paths } from '@/lib/paths';
import { getAssortmentTableQueryOptions } from '../api/get-assortment-table';

const columns: DataTableColumn<AssortmentRow, AssortmentTableColumn>[] = [
  { field: 'longName', header: 'Naam', width: '22%' },
  { field: 'ziNumber', header: 'ZI-nummer', noWrap: true },
  { field: 'gpk', header: 'GPK', noWrap: true },
  { field: 'hpk', header: 'HPK', noWrap: true },
  { field: 'dtaDescription', header: 'Uiterlijk', width: '22%' },
  { field: 'splitDescription', header: 'Kan gehalveerd', render: (row) => canBeHalvedText(row.splitDescription) },
  { field: 'packaging', header: 'Primaire verpakking' },
];

export default function AssortmentRoute() {
  return (
    <>
      <PageHeading title={paths.products.title} />
      <DataTable
        label="Producten"
        query={getAssortmentTableQueryOptions}
        exportCall={exportCalls.drugs}
        columns={columns}
        defaults={tableDefaults.products}
        emptyText={feedback.emptyProducts}
        searchable
        searchHint="Zoek op naam, ZI-nummer, GPK of HPK"
      />
    </>
  );
}
