import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
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
import { Controller, useForm } from 'react-hook-form';
import { FormDateField } from '@/components/form/date-fields';
import { FileField } from '@/components/form/file-field';
import { FormTextField } from '@/components/form/form-text-field';
import { PatientField } from '@/components/form/patient-field';
import { submitWith } from '@/lib/forms/submit-with';
import { dateText, pickerDate } from '@/lib/forms/dates';
import { payloadResolver, type FieldOf } from '@/lib/forms/payload-resolver';
import { paths } from '@/lib/paths';
import { useRollRequest } from '../api/roll-request';
import {
  changeRollDate,
  clearedRollDates,
  rollDateErrors,
  rollDateLimits,
  todayInAmsterdam,
  type RollDateField,
  type RollRequestDates,
} from '../utils/roll-request-dates';
import { RequestFormCard, twoColumns } from './request-form-card';

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

// Today is measured at each check, so a form left open over midnight judges by the new day.
const resolver = payloadResolver(calls.forms.requestImmediateProduct.body, toPayload, {
  fieldOf,
  rule: (_payload, values) => {
    const amount = values.amountOfDays === '' ? undefined : Number(values.amountOfDays);
    return rollDateErrors({ ...datesOf(values), amountOfDays: amount }, todayInAmsterdam());
  },
});

/** Aanvraagformulier rollen: extra or holiday rolls for one patient (the product's screens, states, validation rules and constants and limits). */
export function RollRequestForm() {
  const request = useRollRequest();
  const [uploading, setUploading] = useState(false);
  const [clearedNotice, setClearedNotice] = useState('');
  const form = useForm({
    defaultValues: rollRequestDefaults,
    resolver,
  });
  const { control, setValue, getValues, trigger } = form;
  // Read while rendering, so that the form state tracks it: after a first submit, every change re-validates.
  const { isSubmitted } = form.formState;
  // The pickers' limits follow the dates as last completed (a field left, a day picked), not every keystroke: a
  // date on its way (06-01-… towards 06-12-2026) must not narrow the other pickers meanwhile.
  const [completed, setCompleted] = useState(() => datesOf(rollRequestDefaults));
  const limits = rollDateLimits(todayInAmsterdam(), completed);

  const changeDate = (field: RollDateField) => (value: Dayjs | null) => {
    setValue(field, value, { shouldDirty: true });
    // The dates are judged together (limits, order, 12 weeks with the number of days).
    if (isSubmitted) void trigger(['startDate', 'receiveDate', 'sendDate', 'amountOfDays']);
  };

  // The rule that clears other dates runs on a complete value only (the field left, a day picked), never on the
  // keystrokes in between: typing 06-12-2026 passes 06-01-2026, which must not wipe the other dates.
  const commitDate = (field: RollDateField) => () => {
    const typed = getValues(field);
    if (!typed || !typed.isValid()) {
      setCompleted(datesOf(getValues()));
      return;
    }
    const current = datesOf(getValues());
    // Passing through a field without changing it changes nothing else either.
    if (current[field] === completed[field]) return;
    const cleared = clearedRollDates(current, changeRollDate(current, field, current[field])).filter((name) => name !== field);
    for (const name of cleared) setValue(name, null, { shouldDirty: true });
    setCompleted(datesOf(getValues()));
    if (cleared.length > 0) setClearedNotice(cleared.map((name) => rollRequestTexts.cleared[name]).join(' '));
    if (cleared.length > 0 && isSubmitted) void trigger(['startDate', 'receiveDate', 'sendDate', 'amountOfDays']);
  };

  const busy = request.isPending;
  const dateField = (name: RollDateField, label: string, limit: { min?: string; max?: string }) => (
    <FormDateField<RollRequestFormValues>
      name={name}
      label={label}
      required
      disabled={busy}
      margin="normal"
      minDate={pickerDate(limit.min)}
      maxDate={pickerDate(limit.max)}
      onValueChange={changeDate(name)}
      onCommit={commitDate(name)}
    />
  );

  return (
    <RequestFormCard
      errorSummary
      title={paths.forms.rollRequest.title}
      form={form}
      onSubmit={submitWith(form, request, payloadFields, {
        resetTo: rollRequestDefaults,
        fieldOf,
        onSuccess: () => {
          setClearedNotice('');
          setCompleted(datesOf(rollRequestDefaults));
        },
      })}
      request={request}
      succeededMessage={feedback.rollRequestSucceeded}
      failedMessage={feedback.rollRequestFailed}
      note={rollRequestTexts.note}
      submitLabel={rollRequestTexts.submit}
      submitDisabled={uploading}
    >
      <PatientField<RollRequestFormValues>
        name="patient"
        required
        disabled={busy}
        hint={rollRequestTexts.patientHint}
        sx={{ mt: 2, mb: 1 }}
        onPatientChange={(patient) => {
          if (patient) setValue('department', patient.facility, { shouldValidate: isSubmitted });
        }}
      />
      <FormTextField<RollRequestFormValues> name="department" label="Afdeling" required disabled={busy} />
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
      <Box sx={twoColumns}>
        {dateField('startDate', 'Startdatum', limits.startDate)}
        <FormTextField<RollRequestFormValues>
          name="amountOfDays"
          label="Aantal dagen"
          required
          digits={3}
          disabled={busy}
          helperText={`Maximaal ${rollRequest.maxWeeks * 7} dagen`}
          slotProps={{ htmlInput: { inputMode: 'numeric' } }}
        />
        {dateField('sendDate', 'Verstuurdatum', limits.sendDate)}
        {dateField('receiveDate', 'Uiterste ontvangstdatum', limits.receiveDate)}
      </Box>
      {/* Which date was cleared and why: seen, and said by screen readers. */}
      <Box role="status" aria-live="polite">
        {clearedNotice && (
          <Alert severity="info" onClose={() => setClearedNotice('')} sx={{ mt: 1 }}>
            {clearedNotice}
          </Alert>
        )}
      </Box>
      <FileField<RollRequestFormValues>
        name="file"
        purpose="RollFile"
        label="Rolbestand"
        hint={rollRequestTexts.fileHint}
        disabled={busy}
        onUploadingChange={setUploading}
      />
      <Controller
        control={control}
        name="receiveReturnCall"
        render={({ field }) => (
          <FormControlLabel
            control={
              <Checkbox name={field.name} checked={field.value} onChange={(event) => field.onChange(event.target.checked)} inputRef={field.ref} />
            }
            label="Ik wil graag teruggebeld worden"
            disabled={busy}
          />
        )}
      />
    </RequestFormCard>
  );
}
