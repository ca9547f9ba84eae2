import dayjs from 'dayjs';
import { DateInput } from '@/components/form/date-input';

export interface DateFiltersProps {
  from: string;
  until: string;
  onChange: (changes: { from?: string; until?: string }) => void;
  /** what is wrong with the period (an end before its start), said under its end */
  periodError?: string;
  size: 'small';
  margin: 'none';
}

/** A day of the period, or none: the address keeps it as YYYY-MM-DD; a half-typed date changes nothing yet. */
function DateFilter({ label, value, onChange, error, field }: { label: string; value: string; onChange: (date: string) => void; error?: string; field: { size: 'small'; margin: 'none' } }) {
  return (
    <DateInput
      kind="date"
      label={label}
      value={value ? dayjs(value) : null}
      onChange={(date) => {
        if (date === null) onChange('');
        else if (date.isValid()) onChange(date.format('YYYY-MM-DD'));
      }}
      error={Boolean(error)}
      helperText={error}
      {...field}
    />
  );
}

/**
 * The inbox's period filters, "Ontvangen vanaf" and "Ontvangen t/m": the date fields' code is a chunk of its own,
 * fetched as the inbox opens, so that the list does not wait for it (issue 15's route budget, decision 0033).
 */
export default function InboxDateFilters({ from, until, onChange, periodError, size, margin }: DateFiltersProps) {
  const field = { size, margin };
  return (
    <>
      <DateFilter label="Ontvangen vanaf" value={from} onChange={(date) => onChange({ from: date })} field={field} />
      <DateFilter label="Ontvangen t/m" value={until} onChange={(date) => onChange({ until: date })} error={periodError} field={field} />
    </>
  );
}
