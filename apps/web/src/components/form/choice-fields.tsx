import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import MenuItem from '@mui/material/MenuItem';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import { useId, type ReactNode } from 'react';
import type { FieldPath, FieldValues } from 'react-hook-form';
import { useFormField } from './use-form-field';

export interface Choice {
  value: string;
  label: string;
}

interface CommonProps<T extends FieldValues> {
  name: FieldPath<T>;
  label: string;
  required?: boolean;
  disabled?: boolean;
  helperText?: ReactNode;
}

type SelectProps<T extends FieldValues> = CommonProps<T> & {
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

/** An on/off choice as a switch, its label beside it (published, orderable). */
export function FormSwitchField<T extends FieldValues>({ name, label, disabled }: Pick<CommonProps<T>, 'name' | 'label' | 'disabled'>) {
  const { field, onBlur, error, disabled: formDisabled } = useFormField<T>(name);
  return (
    <FormControl error={Boolean(error)}>
      <FormControlLabel
        label={label}
        control={
          <Switch
            name={field.name}
            checked={Boolean(field.value)}
            onChange={(event) => field.onChange(event.target.checked)}
            onBlur={onBlur}
            inputRef={field.ref}
            disabled={disabled || formDisabled}
          />
        }
      />
      {error && <FormHelperText sx={{ mt: 0 }}>{error}</FormHelperText>}
    </FormControl>
  );
}
