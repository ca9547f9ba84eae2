import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useEffect, useRef } from 'react';
import { useForm } from 'react-hook-form';
import { validation } from '@portal/contract';
import { z } from 'zod';
import { FormSelectField } from '@/components/form/form-select-field';
import { Form } from '@/components/form/form';
import { FormTextField } from '@/components/form/form-text-field';
import { payloadResolver, type FieldMessages } from '@/lib/forms/payload-resolver';
import { FilterDateField, isNoDay } from './filter-date-field';
import type { FilterTexts } from './use-url-filters';

/**
 * One filter of a screen: a text, a day or a choice among options ('' is the first, "every"). A 'day' is the
 * portal's own date field (DD-MM-JJJJ, decision 0099).
 */
export type FilterField<T extends FilterTexts> = {
  name: keyof T & string;
  label: string;
  helperText?: string;
} & ({ type: 'text' | 'day' } | { type: 'select'; options: readonly { value: string; label: string }[] });

interface FilterFormProps<T extends FilterTexts> {
  /** The form's accessible name (a search landmark). */
  label: string;
  fields: readonly FilterField<T>[];
  /** The filters applied now (from the address): the form starts with them and follows them. */
  applied: T;
  /** All filters off: what Wissen applies. */
  none: T;
  onApply: (values: T) => void;
  /** A rule across the filters (a period that ends before it begins); its message blocks Filteren. */
  rule?: (values: T) => FieldMessages;
  /** The grid's columns by breakpoint: the filters and, last, the buttons. */
  columns: Partial<Record<'xs' | 'sm' | 'lg', string>>;
}

type RuleContext = { rule?: (values: FilterTexts) => FieldMessages; days: readonly string[] };
const resolver = payloadResolver(z.record(z.string(), z.string()), (values: FilterTexts) => values, {
  // A day that is no date is said at its field and asks nothing of the server; the screen's rule judges dates only.
  rule: (_, values, { rule, days }: RuleContext) => {
    const noDays = days.filter((name) => isNoDay(values[name]));
    if (noDays.length > 0) return Object.fromEntries(noDays.map((name) => [name, validation.invalidDate]));
    return rule?.(values) ?? {};
  },
});

/**
 * The filter form of a table screen: its filters are typed first and applied together with Filteren (or Enter),
 * so that a half-typed name asks nothing of the server; Wissen applies none. The screen keeps what is applied
 * in its address (useUrlFilters).
 */
export function FilterForm<T extends FilterTexts>({ label, fields, applied, none, onApply, rule, columns }: FilterFormProps<T>) {
  const form = useForm<FilterTexts, RuleContext, FilterTexts>({
    defaultValues: applied,
    mode: 'onChange',
    resolver,
    context: { rule: rule as RuleContext['rule'], days: fields.filter((field) => field.type === 'day').map((field) => field.name) },
  });
  // Back or forward to another filtered address: the form shows what the table shows. What this form applied itself
  // arrives later (the address changes in a transition) and is no reason to reset: what was typed meanwhile stays.
  const { reset } = form;
  const ownChange = useRef<FilterTexts | null>(null);
  useEffect(() => {
    const own = ownChange.current;
    ownChange.current = null;
    if (own && Object.keys(applied).every((name) => (own[name] ?? '') === applied[name])) return;
    reset(applied);
  }, [applied, reset]);
  const apply = (values: T) => {
    ownChange.current = values;
    onApply(values);
  };
  return (
    <Form form={form} role="search" aria-label={label} onSubmit={(values) => apply(values as T)} sx={{ display: 'grid', gap: 2, alignItems: 'start', mb: 2, gridTemplateColumns: columns }}>
      {fields.map((field) =>
        field.type === 'select' ? (
          <FormSelectField<FilterTexts> key={field.name} name={field.name} label={field.label} helperText={field.helperText} options={field.options} size="small" margin="none" />
        ) : field.type === 'day' ? (
          <FilterDateField<FilterTexts> key={field.name} name={field.name} label={field.label} helperText={field.helperText} />
        ) : (
          <FormTextField<FilterTexts>
            key={field.name}
            name={field.name}
            label={field.label}
            helperText={field.helperText}
            size="small"
            margin="none"
            autoComplete="off"
          />
        ),
      )}
      <Box sx={{ display: 'flex', gap: 1 }}>
        <Button type="submit" variant="contained">
          Filteren
        </Button>
        <Button
          type="button"
          onClick={() => {
            reset(none);
            apply(none);
          }}
        >
          Wissen
        </Button>
      </Box>
    </Form>
  );
}
