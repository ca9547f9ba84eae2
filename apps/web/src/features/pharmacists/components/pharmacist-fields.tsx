import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import { pharmacistType, type PharmacistType } from '@portal/contract';
import { useId } from 'react';
import { useController, type Control } from 'react-hook-form';
import { FormTextField } from '@/components/form/form-text-field';
import { pharmacistTypeLabels } from '../utils/pharmacist-labels';

/** The fields of the add form and the edit dialog (only the dialog has isActive). */
export interface PharmacistFormValues {
  emailAddress: string;
  firstName: string;
  middleName?: string | null;
  lastName: string;
  pharmacistType: PharmacistType;
  isActive?: boolean;
}

export const pharmacistFieldNames = ['emailAddress', 'firstName', 'middleName', 'lastName', 'pharmacistType'] as const;

interface FieldProps<TOut> {
  control: Control<PharmacistFormValues, unknown, TOut>;
  disabled: boolean;
}

/** E-mailadres, Voornaam, Tussenvoegsel, Achternaam and Accounttype. */
export function PharmacistFields<TOut>({ control, disabled }: FieldProps<TOut>) {
  return (
    <>
      <FormTextField
        control={control}
        name="emailAddress"
        label="E-mailadres"
        type="email"
        autoComplete="off"
        required
        disabled={disabled}
      />
      <FormTextField control={control} name="firstName" label="Voornaam" autoComplete="off" required disabled={disabled} />
      <FormTextField control={control} name="middleName" label="Tussenvoegsel" autoComplete="off" disabled={disabled} />
      <FormTextField control={control} name="lastName" label="Achternaam" autoComplete="off" required disabled={disabled} />
      <PharmacistTypeField control={control} disabled={disabled} />
    </>
  );
}

function PharmacistTypeField<TOut>({ control, disabled }: FieldProps<TOut>) {
  const labelId = useId();
  const helperId = useId();
  const { field, fieldState } = useController({ control, name: 'pharmacistType' });
  return (
    <FormControl component="fieldset" margin="normal" error={Boolean(fieldState.error)} disabled={disabled} required>
      <FormLabel component="legend" id={labelId}>
        Accounttype
      </FormLabel>
      <RadioGroup
        row
        name={field.name}
        value={field.value ?? ''}
        onChange={(event) => field.onChange(event.target.value)}
        onBlur={field.onBlur}
        aria-labelledby={labelId}
        aria-describedby={fieldState.error ? helperId : undefined}
      >
        {pharmacistType.options.map((type) => (
          <FormControlLabel key={type} value={type} control={<Radio />} label={pharmacistTypeLabels[type]} />
        ))}
      </RadioGroup>
      <FormHelperText id={helperId}>
        {fieldState.error?.message ?? 'Een beheerder kan ook medewerkers toevoegen, wijzigen en verwijderen.'}
      </FormHelperText>
    </FormControl>
  );
}

/** Actief: whether the account may log in. */
export function ActiveField<TOut>({ control, disabled }: FieldProps<TOut>) {
  const helperId = useId();
  const { field, fieldState } = useController({ control, name: 'isActive' });
  return (
    <FormControl margin="dense" error={Boolean(fieldState.error)} disabled={disabled} sx={{ display: 'flex' }}>
      <FormControlLabel
        label="Actief (kan inloggen)"
        control={
          <Checkbox
            name={field.name}
            checked={Boolean(field.value)}
            onChange={(event) => field.onChange(event.target.checked)}
            onBlur={field.onBlur}
            slotProps={{ input: { 'aria-describedby': helperId } }}
          />
        }
      />
      <FormHelperText id={helperId} sx={{ mt: 0 }}>
        {fieldState.error?.message ?? 'Een inactief account kan niet inloggen; de gegevens blijven bewaard.'}
      </FormHelperText>
    </FormControl>
  );
}
