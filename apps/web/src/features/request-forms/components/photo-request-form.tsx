import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import { calls, feedback, validation, type PatientSearchResult } from '@portal/contract';
import type { Dayjs } from 'dayjs';
import { useForm } from 'react-hook-form';
import { FormStatus, formStateOf } from '@/components/form-status';
import { FormTextField } from '@/components/form/form-text-field';
import { applyProblemToForm, failureMessage } from '@/lib/form-errors';
import { paths } from '@/lib/paths';
import { useRequestPhoto } from '../api/request-photo';
import { dateText } from '../utils/dates';
import { payloadResolver, type FieldOf } from '../utils/payload-resolver';
import { DateField, TimeField } from './date-field';
import { FilingAs } from './filing-as';
import { PatientField } from './patient-field';

export interface PhotoRequestFormValues {
  patient: PatientSearchResult | null;
  department: string;
  swallowDate: Dayjs | null;
  swallowTime: Dayjs | null;
  drugName: string;
  reasonOfRequest: string;
}

const defaults: PhotoRequestFormValues = {
  patient: null,
  department: '',
  swallowDate: null,
  swallowTime: null,
  drugName: '',
  reasonOfRequest: '',
};

export const photoRequestTexts = {
  recommendation: 'Wij adviseren een foto van maximaal 20 MB, in jpeg- of png-formaat.',
  submit: 'Foto aanvragen',
} as const;

const fieldOf: FieldOf<PhotoRequestFormValues> = {
  patientId: 'patient',
  patientBirthDate: 'patient',
  patientGender: 'patient',
  swallowDateTime: 'swallowDate',
};
const payloadFields = ['patientGender', 'patientId', 'patientBirthDate', 'department', 'swallowDateTime', 'drugName', 'reasonOfRequest'] as const;

function timeText(value: Dayjs | null): string | null {
  if (!value) return null;
  return value.isValid() ? value.format('HH:mm') : 'invalid';
}

function toPayload(values: PhotoRequestFormValues) {
  const date = dateText(values.swallowDate);
  const time = timeText(values.swallowTime);
  return {
    // Spec section 3: the form always sends Male.
    patientGender: 'Male' as const,
    patientId: values.patient?.patientId,
    patientBirthDate: values.patient?.birthDate ?? null,
    department: values.department,
    // The wall-clock moment of swallowing, Dutch time, as the patient's chart has it.
    swallowDateTime: date && time ? `${date}T${time}:00` : undefined,
    drugName: values.drugName,
    reasonOfRequest: values.reasonOfRequest,
  };
}

const resolver = payloadResolver(calls.forms.requestPhoto.body, toPayload, {
  fieldOf,
  extra: (values) => ({
    swallowDate: values.swallowDate ? (values.swallowDate.isValid() ? undefined : validation.invalidDate) : validation.dateRequired,
    swallowTime: values.swallowTime ? (values.swallowTime.isValid() ? undefined : validation.invalidValue) : validation.timeRequired,
  }),
});

/** Foto aanvragen: a photo of a patient's bag, by date and time of swallowing (spec sections 2, 3, 5). */
export function PhotoRequestForm() {
  const request = useRequestPhoto();
  const { control, handleSubmit, reset, setError, setValue, formState } = useForm({
    defaultValues: defaults,
    mode: 'onTouched',
    resolver,
  });

  const onSubmit = handleSubmit((body) =>
    request.mutate(body, {
      onSuccess: () => reset(defaults),
      onError: (error) => applyProblemToForm(error, setError, payloadFields, { fieldOf }),
    }),
  );

  const busy = request.isPending;

  return (
    <Card sx={{ maxWidth: 760 }}>
      <CardContent>
        <FilingAs />
        <Alert severity="info" sx={{ mb: 1 }}>
          {photoRequestTexts.recommendation}
        </Alert>
        <FormStatus
          state={formStateOf(request)}
          successMessage={feedback.photoRequestSucceeded}
          errorMessage={failureMessage(request.error, feedback.photoRequestFailed)}
        />
        <Box component="form" noValidate onSubmit={onSubmit} aria-label={paths.forms.requestPhoto.title}>
          <PatientField
            control={control}
            name="patient"
            disabled={busy}
            hint="Typ minimaal 2 tekens van de naam of de geboortedatum"
            onPatientChange={(patient) => {
              if (patient) setValue('department', patient.facility, { shouldValidate: true });
            }}
          />
          <FormTextField control={control} name="department" label="Afdeling" required disabled={busy} />
          <Box sx={{ display: 'grid', columnGap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'repeat(2, minmax(0, 1fr))' } }}>
            <DateField control={control} name="swallowDate" label="Datum" helperText="Datum van inname" required disabled={busy} />
            <TimeField control={control} name="swallowTime" label="Tijd" helperText="Tijd van inname (uu:mm)" required disabled={busy} />
          </Box>
          <FormTextField control={control} name="drugName" label="Naam medicijn" required disabled={busy} />
          <FormTextField
            control={control}
            name="reasonOfRequest"
            label="Reden aanvraag"
            required
            multiline
            minRows={3}
            disabled={busy}
          />
          <Box sx={{ mt: 2 }}>
            <Button type="submit" variant="contained" loading={busy} disabled={!formState.isValid}>
              {photoRequestTexts.submit}
            </Button>
          </Box>
        </Box>
      </CardContent>
    </Card>
  );
}
