import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import { pharmacistType, pharmacistTypeLabels, type PharmacistType } from '@portal/contract';
import { useId } from 'react';
import { FormTextField } from '@/components/form/form-text-field';
import { useFormField } from '@/components/form/use-form-field';


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

interface FieldProps {
  disabled: boolean;
}

/** E-mailadres, Voornaam, Tussenvoegsel, Achternaam and Accounttype. */
export function PharmacistFields({ disabled }: FieldProps) {
  return (
    <>
      <FormTextField<PharmacistFormValues>
        name="emailAddress"
        label="E-mailadres"
        type="email"
        autoComplete="off"
        required
        disabled={disabled}
      />
      <FormTextField<PharmacistFormValues> name="firstName" label="Voornaam" autoComplete="off" required disabled={disabled} />
      <FormTextField<PharmacistFormValues> name="middleName" label="Tussenvoegsel" autoComplete="off" disabled={disabled} />
      <FormTextField<PharmacistFormValues> name="lastName" label="Achternaam" autoComplete="off" required disabled={disabled} />
      <PharmacistTypeField disabled={disabled} />
    </>
  );
}

function PharmacistTypeField({ disabled }: FieldProps) {
  const labelId = useId();
  const helperId = useId();
  const { field, onBlur, error } = useFormField<PharmacistFormValues>('pharmacistType');
  return (
    <FormControl component="fieldset" margin="normal" error={Boolean(error)} disabled={disabled} required>
      <FormLabel component="legend" id={labelId}>
        Accounttype
      </FormLabel>
      <RadioGroup
        row
        name={field.name}
        value={field.value ?? ''}
        onChange={(event) => field.onChange(event.target.value)}
        onBlur={onBlur}
        aria-labelledby={labelId}
        aria-describedby={error ? helperId : undefined}
      >
        {pharmacistType.options.map((type) => (
          <FormControlLabel key={type} value={type} control={<Radio />} label={pharmacistTypeLabels[type]} />
        ))}
      </RadioGroup>
      <FormHelperText id={helperId}>
        {error ?? 'Een administrator kan ook medewerkers toevoegen, wijzigen en verwijderen.'}
      </FormHelperText>
    </FormControl>
  );
}

/** Actief: whether the account may log in. */
export function ActiveField({ disabled }: FieldProps) {
  const helperId = useId();
  const { field, onBlur, error } = useFormField<PharmacistFormValues>('isActive');
  return (
    <FormControl margin="dense" error={Boolean(error)} disabled={disabled} sx={{ display: 'flex' }}>
      <FormControlLabel
        label="Actief (kan inloggen)"
        control={
          <Checkbox
            name={field.name}
            checked={Boolean(field.value)}
            onChange={(event) => field.onChange(event.target.checked)}
            onBlur={onBlur}
            slotProps={{ input: { 'aria-describedby': helperId } }}
          />
        }
      />
      <FormHelperText id={helperId} sx={{ mt: 0 }}>
        {error ?? 'Een inactief account kan niet inloggen; de gegevens blijven bewaard.'}
      </FormHelperText>
    </FormControl>
  );
}
