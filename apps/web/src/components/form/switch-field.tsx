import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Switch from '@mui/material/Switch';
import type { FieldValues } from 'react-hook-form';
import type { CommonProps } from './choice-fields';
import { useFormField } from './use-form-field';

// Apart from the checkboxes: a switch is on few screens (published, orderable), none of them a customer's form.

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
