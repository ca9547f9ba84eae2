import dayjs from 'dayjs';
import { useMemo } from 'react';
import { useFormState, type FieldPath, type FieldValues } from 'react-hook-form';
import { DateInput } from '@/components/form/date-input';
import { useFormField } from '@/components/form/use-form-field';
import { dateText, invalidDate } from '@/lib/forms/dates';

/** What a day filter holds, as the address keeps it: '' for none, YYYY-MM-DD, or `invalidDate` for a date that is none. */
const dayOf = (text: string) => (text === '' ? null : dayjs(text === invalidDate ? Number.NaN : text));

/** A day filter's place in its form (its name, label and hint); a type only, so that the lazy field stays lazy. */
export interface FilterDateFieldProps<T extends FieldValues> {
  name: keyof T & string;
  label: string;
  helperText?: string;
}

/**
 * A day of a filter form in the portal's own date field (decision 0099): typed as DD-MM-JJJJ, with or without the
 * dashes, or picked from its calendar; the form holds it as the address and the call take it (YYYY-MM-DD). A chunk of
 * its own (filter-date-field.tsx).
 */
export default function FilterDateInput<T extends FieldValues>({ name, label, helperText }: FilterDateFieldProps<T>) {
  const { field, onBlur, error, disabled } = useFormField<T>(name as FieldPath<T>);
  // The filter form checks on every change; a date being typed is no date yet, and is said so only once the field is
  // left or the form sent.
  const { touchedFields, isSubmitted } = useFormState<T>({ name: name as FieldPath<T> });
  const said = error && (isSubmitted || (touchedFields as Partial<Record<string, boolean>>)[name]) ? error : undefined;
  const text = (field.value as string | undefined) ?? '';
  const value = useMemo(() => dayOf(text), [text]);
  return (
    <DateInput
      kind="date"
      label={label}
      name={field.name}
      value={value}
      onChange={(day) => field.onChange(dateText(day) ?? '')}
      onBlur={onBlur}
      inputRef={field.ref}
      disabled={disabled}
      error={Boolean(said)}
      helperText={said ?? helperText}
      size="small"
      margin="none"
    />
  );
}
