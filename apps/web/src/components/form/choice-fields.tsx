import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import MenuItem from '@mui/material/MenuItem';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import { useId, type ReactNode } from 'react';
import type { FieldPath, FieldValues } from 'react-hook-form';
import { useFormField } from './use-form-field';

export interface Choice {
  value: string;
  label: string;
}

export interface CommonProps<T extends FieldValues> {
  name: FieldPath<T>;
  label: string;
  required?: boolean;
  disabled?: boolean;
  helperText?: ReactNode;
}

export type SelectProps<T extends FieldValues> = CommonProps<T> & {
  options: readonly Choice[];
  /** Runs after the value changed (the clearing and loading rules of the product's states). */
  onValueChange?: (value: string) => void;
};

/** A dropdown bound to its form by name. */
export function FormSelectField<T extends FieldValues>({
  name,
  label,
  options,
  required,
  disabled,
  helperText,
  onValueChange,
}: SelectProps<T>) {
  const { field, onBlur, error, disabled: formDisabled } = useFormField<T>(name);
  return (
    <TextField
      select
      fullWidth
      label={label}
      required={required}
      name={field.name}
      value={options.some((o) => o.value === field.value) ? field.value : ''}
      onChange={(event) => {
        field.onChange(event.target.value);
        onValueChange?.(event.target.value);
      }}
      onBlur={onBlur}
      inputRef={field.ref}
      disabled={disabled || formDisabled}
      error={Boolean(error)}
      helperText={error ?? helperText}
      // A hint or message under a field that waits for another choice stays readable (not the disabled grey).
      slotProps={{ formHelperText: { sx: { '&.Mui-disabled': { color: error ? 'error.main' : 'text.secondary' } } } }}
    >
      {options.map((option) => (
        <MenuItem key={option.value} value={option.value}>
          {option.label}
        </MenuItem>
      ))}
    </TextField>
  );
}

/** A multiple choice dropdown; its value is the list of chosen values. */
export function FormMultiSelectField<T extends FieldValues>({ name, label, options, required, disabled, helperText }: SelectProps<T>) {
  const { field, onBlur, error, disabled: formDisabled } = useFormField<T>(name);
  const value: string[] = Array.isArray(field.value) ? (field.value as string[]) : [];
  const labelOf = (v: string) => options.find((o) => o.value === v)?.label ?? v;
  return (
    <TextField
      select
      fullWidth
      label={label}
      required={required}
      name={field.name}
      value={value}
      onChange={(event) => {
        // A multiple select hands over the list of values, though the event types it as text.
        const next: unknown = event.target.value;
        field.onChange(typeof next === 'string' ? next.split(',') : next);
      }}
      onBlur={onBlur}
      inputRef={field.ref}
      disabled={disabled || formDisabled}
      error={Boolean(error)}
      helperText={error ?? helperText}
      slotProps={{ select: { multiple: true, renderValue: (selected) => (selected as string[]).map(labelOf).join(', ') } }}
    >
      {options.map((option) => (
        <MenuItem key={option.value} value={option.value}>
          {option.label}
        </MenuItem>
      ))}
    </TextField>
  );
}

/** A choice of a few options shown side by side, as radio buttons. */
export function FormRadioField<T extends FieldValues>({
  name,
  label,
  options,
  required,
  disabled,
  helperText,
  onValueChange,
}: SelectProps<T>) {
  const labelId = useId();
  const { field, onBlur, error, disabled: formDisabled } = useFormField<T>(name);
  return (
    <FormControl error={Boolean(error)} required={required} disabled={disabled || formDisabled} component="fieldset">
      <FormLabel id={labelId} component="legend">
        {label}
      </FormLabel>
      <RadioGroup
        row
        aria-labelledby={labelId}
        name={field.name}
        value={field.value ?? ''}
        onChange={(event) => {
          field.onChange(event.target.value);
          onValueChange?.(event.target.value);
        }}
        onBlur={onBlur}
      >
        {options.map((option, index) => (
          <FormControlLabel
            key={option.value}
            value={option.value}
            label={option.label}
            control={<Radio inputRef={index === 0 ? field.ref : undefined} />}
          />
        ))}
      </RadioGroup>
      {(error ?? helperText) && <FormHelperText>{error ?? helperText}</FormHelperText>}
    </FormControl>
  );
}
