import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import {
  calls,
  feedback,
  patientSearch,
  rollRequest,
  type PatientSearchResult,
  type UploadedFile,
} from '@portal/contract';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { FileUpload } from '@/components/file-upload/file-upload';
import { FormStatus, formStateOf } from '@/components/form-status';
import { FormTextField } from '@/components/form/form-text-field';
import { visuallyHidden } from '@/components/visually-hidden';
import { applyProblemToForm, failureMessage } from '@/lib/form-errors';
import { paths } from '@/lib/paths';
import { useRequestImmediateProduct } from '../api/request-immediate-product';
import { dateText, pickerDate } from '../utils/dates';
import { payloadResolver, type FieldOf } from '../utils/payload-resolver';
import {
  changeRollDate,
  clearedRollDates,
  rollDateErrors,
  rollDateLimits,
  todayInAmsterdam,
  type RollDateField,
  type RollRequestDates,
} from '../utils/roll-request-dates';
import { DateField } from './date-field';
import { FilingAs } from './filing-as';
import { PatientField } from './patient-field';

export interface RollRequestFormValues {
  patient: PatientSearchResult | null;
  department: string;
  /** false = Extra rol, true = Vakantierol; a radio group keeps it as text. */
  extraScrollIsHolidayScroll: 'false' | 'true';
  startDate: Dayjs | null;
  amountOfDays: string;
  sendDate: Dayjs | null;
  receiveDate: Dayjs | null;
  file: UploadedFile | null;
  receiveReturnCall: boolean;
}

export const rollRequestDefaults: RollRequestFormValues = {
  patient: null,
  department: '',
  extraScrollIsHolidayScroll: 'false',
  startDate: null,
  amountOfDays: '',
  sendDate: null,
  receiveDate: null,
  file: null,
  receiveReturnCall: false,
};

export const rollRequestTexts = {
  note: `Rollen kunnen voor maximaal ${rollRequest.maxWeeks} weken vanaf de productiedatum worden aangevraagd en worden verpakt in delen van maximaal ${rollRequest.partWeeks} weken. Lever ook de bestanden aan in delen van maximaal ${rollRequest.partWeeks} weken.`,
  patientHint: `Typ minimaal ${patientSearch.rollRequestHintCharacters} tekens van de naam of de geboortedatum. Met ${patientSearch.minCharacters} tekens zoekt u op een exacte overeenkomst.`,
  fileHint: `Optioneel. Toegestaan: txt, pdf, rtf, doc en docx, maximaal 20 MB, in delen van maximaal ${rollRequest.partWeeks} weken.`,
  cleared: {
    startDate: 'De startdatum is leeggemaakt.',
    receiveDate: 'De ontvangstdatum is leeggemaakt, omdat die na de startdatum lag.',
    sendDate: 'De verstuurdatum is leeggemaakt, omdat die niet vóór de start- of ontvangstdatum lag.',
  } satisfies Record<RollDateField, string>,
  submit: 'Aanvraag versturen',
} as const;

const fieldOf: FieldOf<RollRequestFormValues> = { patientId: 'patient', fileGuid: 'file' };
const payloadFields = [
  'patientId',
  'department',
  'extraScrollIsHolidayScroll',
  'startDate',
  'amountOfDays',
  'sendDate',
  'receiveDate',
  'fileGuid',
  'receiveReturnCall',
] as const;

function datesOf(values: Pick<RollRequestFormValues, RollDateField>): RollRequestDates {
  const valid = (d: Dayjs | null) => (d?.isValid() ? d.format('YYYY-MM-DD') : null);
  return { startDate: valid(values.startDate), receiveDate: valid(values.receiveDate), sendDate: valid(values.sendDate) };
}

function toPayload(values: RollRequestFormValues) {
  return {
    patientId: values.patient?.patientId,
    department: values.department,
    extraScrollIsHolidayScroll: values.extraScrollIsHolidayScroll === 'true',
    startDate: dateText(values.startDate) ?? undefined,
    amountOfDays: values.amountOfDays === '' ? undefined : Number(values.amountOfDays),
    sendDate: dateText(values.sendDate) ?? undefined,
    receiveDate: dateText(values.receiveDate) ?? undefined,
    fileGuid: values.file?.fileGuid ?? null,
    receiveReturnCall: values.receiveReturnCall,
  };
}

/** Aanvraagformulier rollen: extra or holiday rolls for one patient (spec sections 2, 4, 5, 9). */
export function RollRequestForm() {
  const request = useRequestImmediateProduct();
  const [uploading, setUploading] = useState(false);
  const [clearedNotice, setClearedNotice] = useState('');
  const { control, handleSubmit, reset, setError, setValue, getValues, formState, trigger } = useForm({
    defaultValues: rollRequestDefaults,
    resolver: payloadResolver(calls.forms.requestImmediateProduct.body, toPayload, {
      fieldOf,
      extra: (values) => {
        const amount = values.amountOfDays === '' ? undefined : Number(values.amountOfDays);
        return rollDateErrors({ ...datesOf(values), amountOfDays: amount }, todayInAmsterdam());
      },
    }),
  });
  // Read while rendering, so that the form state tracks it: after a first submit, every change re-validates.
  const { isSubmitted } = formState;
  const watched = useWatch({ control, name: ['startDate', 'receiveDate', 'sendDate'] });
  const limits = rollDateLimits(
    todayInAmsterdam(),
    datesOf({ startDate: watched[0], receiveDate: watched[1], sendDate: watched[2] }),
  );

  const changeDate = (field: RollDateField) => (value: Dayjs | null) => {
    const before = datesOf(getValues());
    setValue(field, value, { shouldDirty: true });
    const cleared =
      value && !value.isValid()
        ? []
        : clearedRollDates(before, changeRollDate(before, field, value ? value.format('YYYY-MM-DD') : null)).filter(
            (name) => name !== field,
          );
    for (const name of cleared) setValue(name, null, { shouldDirty: true });
    setClearedNotice(cleared.map((name) => rollRequestTexts.cleared[name]).join(' '));
    // The dates are judged together (limits, order, 12 weeks with the number of days).
    if (isSubmitted) void trigger(['startDate', 'receiveDate', 'sendDate', 'amountOfDays']);
  };

  const onSubmit = handleSubmit((body) =>
    request.mutate(body, {
      onSuccess: () => {
        reset(rollRequestDefaults);
        setClearedNotice('');
      },
      onError: (error) => applyProblemToForm(error, setError, payloadFields, { fieldOf }),
    }),
  );

  const busy = request.isPending;

  return (
    <Card sx={{ maxWidth: 760 }}>
      <CardContent>
        <FilingAs />
        <Alert severity="info" sx={{ mb: 1 }}>
          {rollRequestTexts.note}
        </Alert>
        <FormStatus
          state={formStateOf(request)}
          successMessage={feedback.rollRequestSucceeded}
          errorMessage={failureMessage(request.error, feedback.rollRequestFailed)}
        />
        <Box component="form" noValidate onSubmit={onSubmit} aria-label={paths.forms.requestImmediateProduct.title}>
          <PatientField
            control={control}
            name="patient"
            disabled={busy}
            hint={rollRequestTexts.patientHint}
            onPatientChange={(patient) => {
              if (patient) setValue('department', patient.facility, { shouldValidate: isSubmitted });
            }}
          />
          <FormTextField control={control} name="department" label="Afdeling" required disabled={busy} />
          <Controller
            control={control}
            name="extraScrollIsHolidayScroll"
            render={({ field }) => (
              <FormControl component="fieldset" margin="normal" disabled={busy}>
                <FormLabel component="legend">Soort rol</FormLabel>
                <RadioGroup row name={field.name} value={field.value} onChange={(event) => field.onChange(event.target.value)}>
                  <FormControlLabel value="false" control={<Radio inputRef={field.ref} />} label="Extra rol" />
                  <FormControlLabel value="true" control={<Radio />} label="Vakantierol" />
                </RadioGroup>
              </FormControl>
            )}
          />
          <Box sx={{ display: 'grid', columnGap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'repeat(2, minmax(0, 1fr))' } }}>
            <DateField
              control={control}
              name="startDate"
              label="Startdatum"
              required
              disabled={busy}
              minDate={pickerDate(limits.startDate.min)}
              onValueChange={changeDate('startDate')}
            />
            <Controller
              control={control}
              name="amountOfDays"
              render={({ field, fieldState }) => (
                <TextField
                  name={field.name}
                  value={field.value}
                  onChange={(event) => field.onChange(event.target.value.replace(/\D/g, '').slice(0, 3))}
                  onBlur={field.onBlur}
                  inputRef={field.ref}
                  label="Aantal dagen"
                  required
                  disabled={busy}
                  error={Boolean(fieldState.error)}
                  helperText={fieldState.error?.message ?? `Maximaal ${rollRequest.maxWeeks * 7} dagen`}
                  slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 3 } }}
                />
              )}
            />
            <DateField
              control={control}
              name="sendDate"
              label="Verstuurdatum"
              required
              disabled={busy}
              minDate={pickerDate(limits.sendDate.min)}
              maxDate={pickerDate(limits.sendDate.max)}
              onValueChange={changeDate('sendDate')}
            />
            <DateField
              control={control}
              name="receiveDate"
              label="Uiterste ontvangstdatum"
              required
              disabled={busy}
              minDate={pickerDate(limits.receiveDate.min)}
              maxDate={pickerDate(limits.receiveDate.max)}
              onValueChange={changeDate('receiveDate')}
            />
          </Box>
          <Box role="status" aria-live="polite" sx={visuallyHidden}>
            {clearedNotice}
          </Box>
          <Controller
            control={control}
            name="file"
            render={({ field, fieldState }) => (
              <FileUpload
                purpose="RollFile"
                label="Rolbestand"
                hint={rollRequestTexts.fileHint}
                value={field.value}
                onChange={field.onChange}
                error={fieldState.error?.message}
                disabled={busy}
                onUploadingChange={setUploading}
              />
            )}
          />
          <Controller
            control={control}
            name="receiveReturnCall"
            render={({ field }) => (
              <FormControlLabel
                control={
                  <Checkbox
                    name={field.name}
                    checked={field.value}
                    onChange={(event) => field.onChange(event.target.checked)}
                    inputRef={field.ref}
                  />
                }
                label="Ik wil graag teruggebeld worden"
                disabled={busy}
              />
            )}
          />
          <Box sx={{ mt: 2 }}>
            <Button type="submit" variant="contained" loading={busy} disabled={uploading}>
              {rollRequestTexts.submit}
            </Button>
          </Box>
        </Box>
      </CardContent>
    </Card>
  );
}
