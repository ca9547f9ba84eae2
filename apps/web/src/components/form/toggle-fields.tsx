import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import { useId } from 'react';
import type { FieldValues } from 'react-hook-form';
import type { SelectProps } from './choice-fields';
import { useFormField } from './use-form-field';

// Apart from choice-fields: the checkboxes are used by few screens, and a file of its own keeps
// them out of the chunk every form loads.

/** A choice of any number of a few options, as checkboxes side by side; its value is the chosen values in the options' order. */
export function FormCheckboxesField<T extends FieldValues>({ name, label, options, required, disabled, helperText }: Omit<SelectProps<T>, 'onValueChange'>) {
  const helperId = useId();
  const { field, onBlur, error, disabled: formDisabled } = useFormField<T>(name);
  const chosen: string[] = Array.isArray(field.value) ? (field.value as string[]) : [];
  const note = error ?? helperText;
  const toggle = (value: string, checked: boolean) =>
    field.onChange(options.filter((o) => (o.value === value ? checked : chosen.includes(o.value))).map((o) => o.value));
  return (
    <FormControl
      error={Boolean(error)}
      required={required}
      disabled={disabled || formDisabled}
      component="fieldset"
      aria-describedby={note ? helperId : undefined}
    >
      <FormLabel component="legend">{label}</FormLabel>
      <FormGroup row>
        {options.map((option, index) => (
          <FormControlLabel
            key={option.value}
            label={option.label}
            control={
              <Checkbox
                name={field.name}
                value={option.value}
                checked={chosen.includes(option.value)}
                onChange={(event) => toggle(option.value, event.target.checked)}
                onBlur={onBlur}
                inputRef={index === 0 ? field.ref : undefined}
              />
            }
          />
        ))}
      </FormGroup>
      {note && <FormHelperText id={helperId}>{note}</FormHelperText>}
    </FormControl>
  );
}
