import Box from '@mui/material/Box';
import type { FieldValues } from 'react-hook-form';
import { LazyPart, type ComponentModule } from '@/components/lazy-component';
import { invalidDate } from '@/lib/forms/dates';
import type { FilterDateFieldProps } from './filter-date-input';

/** Whether a day filter's value stands for no date (half typed, or impossible such as 31-02-2026). */
export const isNoDay = (text: string | undefined) => text === invalidDate;

// The date field's code (with its calendar) is a chunk of its own, fetched as the filters show: the table's route stays
// within its budget (decision 0033), as the inbox's period does.
const loadDateInput: ComponentModule<FilterDateFieldProps<FieldValues>> = () => import('./filter-date-input');

/** A day of a filter form, DD-MM-JJJJ (filter-date-input.tsx); its place in the form's grid is kept while it comes. */
export function FilterDateField<T extends FieldValues>(props: FilterDateFieldProps<T>) {
  return (
    <Box sx={{ minHeight: 40 }}>
      <LazyPart load={loadDateInput} props={props as FilterDateFieldProps<FieldValues>} />
    </Box>
  );
}
