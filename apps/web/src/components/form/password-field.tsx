import Visibility from '@mui/icons-material/Visibility';
import VisibilityOff from '@mui/icons-material/VisibilityOff';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import { passwordPolicy } from '@portal/contract';
import { useState } from 'react';
import type { FieldPath, FieldValues } from 'react-hook-form';
import { FormTextField, type FormTextFieldProps } from './form-text-field';

/** Shown under every field where a new password is chosen. */
export const newPasswordHint = `Minimaal ${passwordPolicy.minLength} karakters, met ten minste 1 hoofdletter, 1 kleine letter en 1 cijfer.`;

/** A password field with a button that shows or hides what was typed. */
export function PasswordField<T extends FieldValues>(props: FormTextFieldProps<T>) {
  const [visible, setVisible] = useState(false);
  return (
    <FormTextField<T>
      {...props}
      type={visible ? 'text' : 'password'}
      slotProps={{
        ...props.slotProps,
        input: {
          endAdornment: (
            <InputAdornment position="end">
              <IconButton
                edge="end"
                aria-label="Wachtwoord tonen"
                aria-pressed={visible}
                onClick={() => setVisible((v) => !v)}
                onMouseDown={(event) => event.preventDefault()}
              >
                {visible ? <VisibilityOff /> : <Visibility />}
              </IconButton>
            </InputAdornment>
          ),
        },
      }}
    />
  );
}

interface NewPasswordFieldsProps<T extends FieldValues> {
  /** The form's names of the new password and its repetition. */
  names: { password: FieldPath<T>; repeat: FieldPath<T> };
  disabled?: boolean;
}

/** Choosing a new password: the password with the policy's hint, and the same again. */
export function NewPasswordFields<T extends FieldValues>({ names, disabled }: NewPasswordFieldsProps<T>) {
  return (
    <>
      <PasswordField<T>
        name={names.password}
        label="Nieuw wachtwoord"
        autoComplete="new-password"
        required
        disabled={disabled}
        helperText={newPasswordHint}
      />
      <PasswordField<T> name={names.repeat} label="Herhaal nieuw wachtwoord" autoComplete="new-password" required disabled={disabled} />
    </>
  );
}
