import Autocomplete from '@mui/material/Autocomplete';
import FormControlLabel from '@mui/material/FormControlLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Typography from '@mui/material/Typography';
import { contentText } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { FieldPath, FieldValues } from 'react-hook-form';
import { PlainTextField } from '@/components/form/plain-text-field';
import { useFormField } from '@/components/form/use-form-field';
import { customerChoicesQueryOptions } from '../api/content';

type Choice = { id: string; code: string; name: string };

const labelOf = (customer: Choice) => `${customer.name} (${customer.code})`;

/**
 * To whom a memo is shown: every customer, or the ones chosen (issue 26.8), said in words before it is saved.
 *
 * A memo once went to another customer than the one picked: the picker's value was a new array at every render,
 * which MUI takes for a new value and so empties the typed text; when the customers came in afresh while one typed,
 * the whole list took the filtered one's place under the pointer. So the picker owns its text (only typing, a pick
 * or leaving the field change it), keeps the list it opened with until it closes, and knows options by their id.
 * Bound to its form by name (the customers' ids, or null for every customer), as the kit's fields are.
 */
export function MemoAudience<T extends FieldValues>({ name, disabled }: { name: FieldPath<T>; disabled?: boolean }) {
  const { field, onBlur, error, disabled: formDisabled } = useFormField<T>(name);
  const value = field.value as string[] | null;
  const onChange = (ids: string[] | null) => field.onChange(ids);
  const off = disabled || formDisabled;
  const customers = useQuery(customerChoicesQueryOptions());
  const [text, setText] = useState('');
  const [openedWith, setOpenedWith] = useState<Choice[] | null>(null);
  const known = customers.data ?? [];
  const byId = new Map([...known, ...(openedWith ?? [])].map((customer) => [customer.id, customer]));
  const chosen = (value ?? []).map((id) => byId.get(id) ?? { id, code: '?', name: contentText.unknownCustomerName });
  return (
    <>
      <RadioGroup aria-label="Voor wie" row name={field.name} value={value === null ? 'all' : 'chosen'} onChange={(e) => onChange(e.target.value === 'all' ? null : [])}>
        <FormControlLabel value="all" control={<Radio disabled={off} />} label="Alle klanten" />
        <FormControlLabel value="chosen" control={<Radio disabled={off} />} label="Gekozen klanten" />
      </RadioGroup>
      {value !== null && (
        <Autocomplete
          multiple
          options={openedWith ?? known}
          loading={customers.isPending}
          getOptionLabel={labelOf}
          getOptionKey={(customer) => customer.id}
          isOptionEqualToValue={(option, picked) => option.id === picked.id}
          value={chosen}
          onChange={(_, picked) => onChange(picked.map((customer) => customer.id))}
          inputValue={text}
          onInputChange={(_, typed, reason) => reason !== 'reset' && setText(typed)}
          onOpen={() => setOpenedWith(customers.data ?? null)}
          onClose={() => setOpenedWith(null)}
          onBlur={onBlur}
          disabled={off}
          renderInput={({ id, disabled, fullWidth, size, InputLabelProps, InputProps, inputProps }) => (
            <PlainTextField
              id={id}
              disabled={disabled}
              fullWidth={fullWidth}
              size={size}
              inputRef={field.ref}
              label="Klanten"
              error={Boolean(error)}
              helperText={error}
              slotProps={{ inputLabel: InputLabelProps, input: InputProps, htmlInput: inputProps }}
            />
          )}
          sx={{ mt: 1 }}
        />
      )}
      <Typography variant="body2" aria-live="polite" sx={{ mt: 1, fontWeight: 500 }}>
        {contentText.memoAudience(value === null ? null : chosen.map(labelOf))}
      </Typography>
    </>
  );
}
