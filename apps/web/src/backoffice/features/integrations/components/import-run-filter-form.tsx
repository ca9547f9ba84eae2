import { commandLineClient, importKindNames, importRunStatuses, importRunText, type ImportRunFilters } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { FilterForm, type FilterField } from '@/components/filters/filter-form';
import { isFilterDate, useUrlFilters } from '@/components/filters/use-url-filters';
import { integrationClientsQueryOptions } from '../api/import-runs';
import { kindLabel } from './run-labels';

const none = { client: '', kind: '', status: '', from: '', until: '' };
type Texts = typeof none;

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const isOneOf = (values: readonly string[]) => (value: string) => values.includes(value);

/** The runs' filters, kept in the address, as the call takes them. */
export function useImportRunFilters() {
  const { values, change } = useUrlFilters(none, {
    client: (value) => value === commandLineClient || uuid.test(value),
    kind: isOneOf(importKindNames),
    status: isOneOf(importRunStatuses),
    from: isFilterDate,
    until: isFilterDate,
  });
  const filters = useMemo<ImportRunFilters>(
    () => ({
      client: values.client || null,
      kind: (values.kind || null) as ImportRunFilters['kind'],
      status: (values.status || null) as ImportRunFilters['status'],
      from: values.from || null,
      until: values.until || null,
    }),
    [values],
  );
  return { values, filters, apply: change };
}

/** Filters on client (or the command line), kind, status and period: applied together with Filteren, cleared with Wissen. */
export function ImportRunFilterForm({ applied, onApply }: { applied: Texts; onApply: (values: Texts) => void }) {
  // Without the list of clients (still loading, or failed) the other filters still work.
  const clients = useQuery(integrationClientsQueryOptions).data;
  const fields = useMemo<readonly FilterField<Texts>[]>(
    () => [
      {
        name: 'client',
        label: 'Koppeling',
        type: 'select',
        options: [
          { value: '', label: 'Alle koppelingen' },
          ...(clients ?? []).map((c) => ({ value: c.id, label: c.name })),
          { value: commandLineClient, label: importRunText.commandLine },
        ],
      },
      { name: 'kind', label: 'Soort', type: 'select', options: [{ value: '', label: 'Alle soorten' }, ...importKindNames.map((kind) => ({ value: kind, label: kindLabel(kind) }))] },
      {
        name: 'status',
        label: 'Status',
        type: 'select',
        options: [{ value: '', label: 'Alle statussen' }, ...importRunStatuses.map((status) => ({ value: status, label: importRunText.statusLabels[status] }))],
      },
      { name: 'from', label: 'Gestart van', type: 'day' },
      { name: 'until', label: 'Tot en met', type: 'day' },
    ],
    [clients],
  );
  return <FilterForm label="Importruns filteren" fields={fields} applied={applied} none={none} onApply={onApply} columns={{ xs: '1fr', sm: '1fr 1fr', lg: 'repeat(3, 1fr)' }} />;
}
