import { auditActionLabels, auditActionOptions, auditActorKindLabels, auditActorKinds, type AuditFilters } from '@portal/contract';
import { useMemo } from 'react';
import { FilterForm, type FilterField } from '@/components/filters/filter-form';
import { isFilterDate, useUrlFilters } from '@/components/filters/use-url-filters';

const none = { customer: '', patient: '', actorKind: '', actor: '', action: '', from: '', until: '' };
type Texts = typeof none;

const fields: readonly FilterField<Texts>[] = [
  { name: 'customer', label: 'Klant', type: 'text', helperText: 'Code of naam' },
  { name: 'patient', label: 'Patiënt', type: 'text', helperText: 'Naam of patiëntnummer' },
  {
    name: 'actorKind',
    label: 'Wie (soort)',
    type: 'select',
    options: [{ value: '', label: 'Iedereen' }, ...auditActorKinds.map((kind) => ({ value: kind, label: auditActorKindLabels[kind] }))],
  },
  { name: 'actor', label: 'Wie', type: 'text', helperText: 'Naam of e-mailadres' },
  { name: 'action', label: 'Actie', type: 'select', options: [{ value: '', label: 'Alle acties' }, ...auditActionOptions] },
  { name: 'from', label: 'Van', type: 'day' },
  { name: 'until', label: 'Tot en met', type: 'day' },
];

/** The audit viewer's filters, kept in the address, as the calls take them. */
export function useAuditFilters() {
  const { values, change } = useUrlFilters(none, {
    actorKind: (value) => (auditActorKinds as readonly string[]).includes(value),
    action: (value) => value in auditActionLabels,
    from: isFilterDate,
    until: isFilterDate,
  });
  const filters = useMemo<AuditFilters>(() => ({ ...values, actorKind: (values.actorKind as (typeof auditActorKinds)[number] | '') || null }), [values]);
  return { values, filters, apply: change };
}

/** The audit viewer's filters: applied together with "Filteren", cleared with "Wissen". */
export function AuditFilterForm({ applied, onApply }: { applied: Texts; onApply: (values: Texts) => void }) {
  return (
    <FilterForm
      label="Logboek filteren"
      fields={fields}
      applied={applied}
      none={none}
      onApply={onApply}
      columns={{ xs: '1fr', sm: '1fr 1fr', lg: 'repeat(4, 1fr)' }}
    />
  );
}
