import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import MenuItem from '@mui/material/MenuItem';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField, { type TextFieldProps } from '@mui/material/TextField';
import { useId, type ReactNode } from 'react';
import type { FieldPath, FieldValues } from 'react-hook-form';
import { useReportField } from './use-report-field';

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

type TextProps<T extends FieldValues> = CommonProps<T> &
  Pick<TextFieldProps, 'type' | 'multiline' | 'minRows' | 'autoComplete' | 'placeholder'> & {
    inputMode?: 'text' | 'numeric' | 'tel' | 'email';
  };

/** A text field of a report form; its message shows as helper text. */
export function ReportTextField<T extends FieldValues>({ name, helperText, disabled, inputMode, ...props }: TextProps<T>) {
  const { field, onBlur, error, disabled: formDisabled } = useReportField<T>(name);
  return (
    <TextField
      {...props}
      fullWidth
      name={field.name}
      value={field.value ?? ''}
      onChange={field.onChange}
      onBlur={onBlur}
      inputRef={field.ref}
      disabled={disabled || formDisabled}
      error={Boolean(error)}
      helperText={error ?? helperText}
      slotProps={inputMode ? { htmlInput: { inputMode } } : undefined}
    />
  );
}

type SelectProps<T extends FieldValues> = CommonProps<T> & {
  options: readonly Choice[];
  /** Runs after the value changed (the clearing and loading rules of spec section 4). */
  onValueChange?: (value: string) => void;
};

/** A dropdown of a report form. */
export function ReportSelectField<T extends FieldValues>({
  name,
  label,
  options,
  required,
  disabled,
  helperText,
  onValueChange,
}: SelectProps<T>) {
  const { field, onBlur, error, disabled: formDisabled } = useReportField<T>(name);
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

/** A multiple choice dropdown of a report form; its value is the list of chosen values. */
export function ReportMultiSelectField<T extends FieldValues>({ name, label, options, required, disabled, helperText }: SelectProps<T>) {
  const { field, onBlur, error, disabled: formDisabled } = useReportField<T>(name);
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
        const next = event.target.value as unknown as string[] | string;
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
export function ReportRadioField<T extends FieldValues>({
  name,
  label,
  options,
  required,
  disabled,
  helperText,
  onValueChange,
}: SelectProps<T>) {
  const labelId = useId();
  const { field, onBlur, error, disabled: formDisabled } = useReportField<T>(name);
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
