import Box from '@mui/material/Box';
import { calls, feedback, validation, type PatientSearchResult } from '@portal/contract';
import type { Dayjs } from 'dayjs';
import { useForm } from 'react-hook-form';
import { FormDateField } from '@/components/form/date-fields';
import { FormTimeField } from '@/components/form/time-fields';
import { FormTextField } from '@/components/form/form-text-field';
import { PatientField } from '@/components/form/patient-field';
import { submitWith } from '@/lib/forms/submit-with';
import { dateText, timeText } from '@/lib/forms/dates';
import { payloadResolver, type FieldOf } from '@/lib/forms/payload-resolver';
import { paths } from '@/lib/paths';
import { useRequestPhoto } from '../api/request-photo';
import { RequestFormCard, twoColumns } from './request-form-card';

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

function toPayload(values: PhotoRequestFormValues) {
  const date = dateText(values.swallowDate);
  const time = timeText(values.swallowTime);
  return {
    // The product's entities: the form always sends Male.
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
  rule: (_payload, values) => ({
    swallowDate: values.swallowDate ? (values.swallowDate.isValid() ? undefined : validation.invalidDate) : validation.dateRequired,
    swallowTime: values.swallowTime ? (values.swallowTime.isValid() ? undefined : validation.invalidValue) : validation.timeRequired,
  }),
});

/** Foto aanvragen: a photo of a patient's bag, by date and time of swallowing (the product's screens, entities and validation rules). */
export function PhotoRequestForm() {
  const request = useRequestPhoto();
  const form = useForm({ defaultValues: defaults, mode: 'onTouched', resolver });
  const busy = request.isPending;

  return (
    <RequestFormCard
      title={paths.forms.requestPhoto.title}
      form={form}
      onSubmit={submitWith(form, request, payloadFields, { resetTo: defaults, fieldOf })}
      request={request}
      succeededMessage={feedback.photoRequestSucceeded}
      failedMessage={feedback.photoRequestFailed}
      note={photoRequestTexts.recommendation}
      submitLabel={photoRequestTexts.submit}
      submitDisabled={!form.formState.isValid}
    >
      <PatientField<PhotoRequestFormValues>
        name="patient"
        required
        disabled={busy}
        hint="Typ minimaal 2 tekens van de naam of de geboortedatum"
        sx={{ mt: 2, mb: 1 }}
        onPatientChange={(patient) => {
          if (patient) form.setValue('department', patient.facility, { shouldValidate: true });
        }}
      />
      <FormTextField<PhotoRequestFormValues> name="department" label="Afdeling" required disabled={busy} />
      <Box sx={twoColumns}>
        <FormDateField<PhotoRequestFormValues> name="swallowDate" label="Datum" helperText="Datum van inname" required disabled={busy} margin="normal" />
        <FormTimeField<PhotoRequestFormValues> name="swallowTime" label="Tijd" helperText="Tijd van inname (uu:mm)" required disabled={busy} margin="normal" />
      </Box>
      <FormTextField<PhotoRequestFormValues> name="drugName" label="Naam medicijn" required disabled={busy} />
      <FormTextField<PhotoRequestFormValues> name="reasonOfRequest" label="Reden aanvraag" required multiline minRows={3} disabled={busy} />
    </RequestFormCard>
  );
}
