import AddBusinessOutlined from '@mui/icons-material/AddBusinessOutlined';
import Link from '@mui/material/Link';
import { customerTableDefaults, type CustomerColumn, type CustomerRow } from '@portal/contract';
import { Link as RouterLink } from 'react-router';
import { DataTable } from '@/components/data-table/data-table';
import type { DataTableColumn } from '@/components/data-table/types';
import { PageHeading } from '@/components/page-heading';
import { formatDateTime, formatInteger } from '@/lib/format';
import { backofficePaths } from '../../../paths';
import { customerTableQueryOptions } from '../api/customers';
import { customerHref, kindLabel, siteLabel } from '../components/customer-labels';

const columns: DataTableColumn<CustomerRow, CustomerColumn>[] = [
  { field: 'code', header: 'Klantcode', noWrap: true },
  {
    field: 'name',
    header: 'Naam',
    render: (r) => (
      <Link component={RouterLink} to={customerHref(r.id)}>
        {r.name}
      </Link>
    ),
  },
  { field: 'kind', header: 'Soort', render: (r) => kindLabel(r.kind) },
  { value: true, id: 'site', header: 'Vestiging', render: (r) => siteLabel(r.site) },
  { value: true, id: 'departments', header: 'Afdelingen', align: 'right', render: (r) => formatInteger(r.departments) },
  { value: true, id: 'accounts', header: 'Accounts', align: 'right', render: (r) => formatInteger(r.accounts) },
  { field: 'lastActivity', header: 'Laatste activiteit', noWrap: true, render: (r) => (r.lastActivity ? formatDateTime(r.lastActivity) : 'Nog niet') },
  { value: true, id: 'state', header: 'Status', render: (r) => (r.isActive ? 'Actief' : 'Gedeactiveerd') },
];

/** Klanten: every customer of the provider, searched, sorted and paged. */
export default function CustomersRoute() {
  return (
    <>
      <PageHeading
        title={backofficePaths.customers.title}
        link={{ to: backofficePaths.customerAdd.path, label: 'Nieuwe klant', icon: <AddBusinessOutlined />, variant: 'contained' }}
      />
      <DataTable
        label={backofficePaths.customers.title}
        query={customerTableQueryOptions}
        columns={columns}
        defaults={customerTableDefaults}
        emptyText="Geen klanten gevonden."
        searchable
        searchHint="Zoek op klantcode of naam"
        rowKey={(r) => r.id}
      />
    </>
  );
}
