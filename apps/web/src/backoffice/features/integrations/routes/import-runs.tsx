import Link from '@mui/material/Link';
import { importRunTableDefaults, type ImportRunColumn, type ImportRunRow } from '@portal/contract';
import { useMemo } from 'react';
import { Link as RouterLink } from 'react-router';
import { DataTable } from '@/components/data-table/data-table';
import type { DataTableColumn } from '@/components/data-table/types';
import { formatDateTime, formatInteger } from '@/lib/format';
import { backofficePaths } from '../../../paths';
import { importRunTableQueryOptions } from '../api/import-runs';
import { ImportRunFilterForm, useImportRunFilters } from '../components/import-run-filter-form';
import { IntegrationsFrame } from '../components/integration-tabs';
import { durationLabel, kindLabel, RunStatusChip, senderLabel } from '../components/run-labels';

export const runPath = (id: number) => backofficePaths.importRun.path.replace(':id', String(id));

const count = (header: string, value: (r: ImportRunRow) => number): DataTableColumn<ImportRunRow, ImportRunColumn> => ({
  value: true,
  id: header,
  header,
  align: 'right',
  noWrap: true,
  render: (r) => formatInteger(value(r)),
});

const columns: DataTableColumn<ImportRunRow, ImportRunColumn>[] = [
  {
    field: 'startedAt',
    header: 'Gestart',
    noWrap: true,
    render: (r) => (
      <Link component={RouterLink} to={runPath(r.id)}>
        {formatDateTime(r.startedAt, { seconds: true })}
      </Link>
    ),
  },
  { value: true, id: 'client', header: 'Koppeling', render: senderLabel },
  { value: true, id: 'kind', header: 'Soort', render: (r) => kindLabel(r.kind) },
  { value: true, id: 'mode', header: 'Modus', noWrap: true, render: (r) => r.mode },
  { value: true, id: 'status', header: 'Status', noWrap: true, render: (r) => <RunStatusChip status={r.status} /> },
  count('Ontvangen', (r) => r.received),
  count('Nieuw', (r) => r.inserted),
  count('Gewijzigd', (r) => r.updated),
  count('Ongewijzigd', (r) => r.unchanged),
  count('Verouderd', (r) => r.stale),
  count('Verwijderd', (r) => r.deleted),
  count('Geweigerd', (r) => r.rejected),
  { value: true, id: 'duration', header: 'Duur', align: 'right', noWrap: true, render: (r) => durationLabel(r.durationMs) },
];

/** Koppelingen, Importruns (Beheerder): every batch of every client and of the command line, newest first. */
export default function ImportRunsRoute() {
  const { values, filters, apply } = useImportRunFilters();
  const query = useMemo(() => importRunTableQueryOptions(filters), [filters]);
  return (
    <IntegrationsFrame>
      <ImportRunFilterForm applied={values} onApply={apply} />
      <DataTable
        key={JSON.stringify(filters)}
        label={backofficePaths.importRuns.title}
        query={query}
        columns={columns}
        defaults={importRunTableDefaults}
        emptyText="Geen importruns gevonden bij deze filters."
        rowKey={(r) => String(r.id)}
      />
    </IntegrationsFrame>
  );
}
