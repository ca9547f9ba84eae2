import { accessLogActionLabels, accessLogActions, type AccessLogAction, type AccessLogFilters } from '@portal/contract';
import { useMemo } from 'react';
import { FilterForm, type FilterField } from '@/components/filters/filter-form';
import { isFilterDate, useUrlFilters } from '@/components/filters/use-url-filters';

const none = { patient: '', staffMember: '', action: '', from: '', until: '' };
type Texts = typeof none;

const fields: readonly FilterField<Texts>[] = [
  { name: 'patient', label: 'Patiënt', type: 'text', helperText: 'Naam of geboortedatum (dd-mm-jjjj)' },
  { name: 'staffMember', label: 'Medewerker', type: 'text', helperText: 'Naam of e-mailadres' },
  {
    name: 'action',
    label: 'Actie',
    type: 'select',
    options: [{ value: '', label: 'Alle acties' }, ...accessLogActions.map((action) => ({ value: action, label: accessLogActionLabels[action] }))],
  },
  { name: 'from', label: 'Van', type: 'day' },
  { name: 'until', label: 'Tot en met', type: 'day' },
];

const periodRule = ({ from, until }: Texts) => ({
  until: from !== '' && until !== '' && until < from ? 'De einddatum ligt vóór de begindatum' : undefined,
});

/** The filled-in filters as the call takes them (empty fields left out). */
function filtersOf(texts: Texts): AccessLogFilters {
  return {
    patient: texts.patient.trim() || null,
    staffMember: texts.staffMember.trim() || null,
    action: (texts.action as AccessLogAction | '') || null,
    from: texts.from || null,
    until: texts.until || null,
  };
}

/** The access log's filters, kept in the address. */
export function useAccessLogFilters() {
  const { values, change } = useUrlFilters(none, {
    action: (value) => (accessLogActions as readonly string[]).includes(value),
    from: isFilterDate,
    until: isFilterDate,
  });
  const filters = useMemo(() => filtersOf(values), [values]);
  return { values, filters, apply: change };
}

/**
 * Filters of the access log: patient, staff member, action and period. Applied with Filteren (or Enter), so that a
 * half-typed name does not read the log (every read of the log is itself logged).
 */
export function AccessLogFilterForm({ applied, onApply }: { applied: Texts; onApply: (values: Texts) => void }) {
  return (
    <FilterForm
      label="Logboek filteren"
      fields={fields}
      applied={applied}
      none={none}
      onApply={onApply}
      rule={periodRule}
      columns={{ xs: '1fr', sm: '1fr 1fr', lg: 'repeat(5, minmax(0, 1fr)) auto' }}
    />
  );
}
