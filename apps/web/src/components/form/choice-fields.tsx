import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
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
