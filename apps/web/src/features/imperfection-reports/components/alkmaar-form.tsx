import {
  alkmaarMandatoryNatures,
  calls,
  feedback,
  validation,
  type AlkmaarDropdownData,
  type ParsedBodyOf,
  type PatientSearchResult,
  type UploadedFile,
} from '@portal/contract';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { formStateOf } from '@/components/form-status';
import { applyProblemToForm, failureMessage } from '@/lib/form-errors';
import { useReportImperfectionAlkmaar } from '../api/report-imperfection-alkmaar';
import { otherChoice } from '../labels';
import { dateText, timeText } from '../utils/dates';
import { payloadResolver, type PayloadFieldMap } from '../utils/payload-resolver';
import { DatePickersProvider, ReportDateField, ReportTimeField } from './date-fields';
import { FeedbackFields, feedbackByMail, feedbackByTelephone, noFeedback } from './feedback-fields';
import { PatientField } from './patient-field';
import { PhotoField } from './photo-field';
import { FieldCell, FieldGroupHeading, ReportForm } from './report-form';
import { ReportSelectField, ReportTextField } from './report-fields';

export interface AlkmaarValues {
  pharmacyContactPerson: string;
  discovererComplaint: string;
  natureComplaint: string;
  other: string;
  patient: PatientSearchResult | null;
  department: string;
  medicine: string;
  startSwallowDate: Dayjs | null;
  intakeDate: Dayjs | null;
  intakeTime: Dayjs | null;
  scrollEndDate: Dayjs | null;
  feedbackMessage: string;
  feedbackEmailAddress: string;
  feedbackPhoneNumber: string;
  detailedDescriptionMessage: string;
  actionsTakenImmediately: string;
  photo: UploadedFile | null;
}

const defaultValues: AlkmaarValues = {
  pharmacyContactPerson: '',
  discovererComplaint: '',
  natureComplaint: '',
  other: '',
  patient: null,
  department: '',
  medicine: '',
  startSwallowDate: null,
  intakeDate: null,
  intakeTime: null,
  scrollEndDate: null,
  feedbackMessage: noFeedback,
  feedbackEmailAddress: '',
  feedbackPhoneNumber: '',
  detailedDescriptionMessage: '',
  actionsTakenImmediately: '',
  photo: null,
};

const formFields = Object.keys(defaultValues) as (keyof AlkmaarValues)[];
const fieldOf: PayloadFieldMap<AlkmaarValues> = { patientId: 'patient', imageGuid: 'photo' };

const toPayload = (values: AlkmaarValues): Record<string, unknown> => ({
  pharmacyContactPerson: values.pharmacyContactPerson,
  discovererComplaint: values.discovererComplaint,
  natureComplaint: values.natureComplaint,
  other: values.natureComplaint === otherChoice ? values.other : null,
  medicine: values.medicine,
  department: values.department,
  patientId: values.patient?.patientId ?? null,
  startSwallowDate: dateText(values.startSwallowDate),
  intakeDate: dateText(values.intakeDate),
  intakeTime: timeText(values.intakeTime),
  scrollEndDate: dateText(values.scrollEndDate),
  feedbackMessage: values.feedbackMessage || null,
  feedbackPhoneNumber: values.feedbackMessage === feedbackByTelephone ? values.feedbackPhoneNumber : null,
  feedbackEmailAddress: values.feedbackMessage === feedbackByMail ? values.feedbackEmailAddress : null,
  detailedDescriptionMessage: values.detailedDescriptionMessage,
  actionsTakenImmediately: values.actionsTakenImmediately,
  imageGuid: values.photo?.fileGuid ?? null,
});

const needsPatientAndMedicine = (nature: unknown) => (alkmaarMandatoryNatures as readonly unknown[]).includes(nature);

/** The contract's rule for these natures of complaint, reported with the other messages at once. */
const patientAndMedicineRule = (payload: Record<string, unknown>) => {
  if (!needsPatientAndMedicine(payload.natureComplaint)) return [];
  const missing: { field: string; message: string }[] = [];
  if (payload.patientId == null) missing.push({ field: 'patientId', message: validation.patientRequired });
  if (typeof payload.medicine !== 'string' || payload.medicine.trim() === '') {
    missing.push({ field: 'medicine', message: validation.medicineRequired });
  }
  return missing;
};

const schema = calls.forms.reportImperfectionInceptionAlkmaar.body;
type Payload = ParsedBodyOf<typeof calls.forms.reportImperfectionInceptionAlkmaar>;
const resolver = payloadResolver<AlkmaarValues, typeof schema>(schema, toPayload, fieldOf, patientAndMedicineRule);

const headingId = 'imperfection-alkmaar-heading';

/** Spec sections 3-5: the Alkmaar report; some natures of complaint need a patient and a medicine. */
export function AlkmaarForm({ data }: { data: AlkmaarDropdownData }) {
  const report = useReportImperfectionAlkmaar();
  const [uploading, setUploading] = useState(false);
  const form = useForm<AlkmaarValues, unknown, Payload>({ defaultValues, resolver });
  const { handleSubmit, reset, setError, setValue, trigger, watch } = form;
  const nature = watch('natureComplaint');
  const feedbackKind = watch('feedbackMessage');
  const patientAndMedicine = needsPatientAndMedicine(nature);

  const onSubmit = handleSubmit((payload) =>
    report.mutate(payload, {
      onSuccess: () => reset(),
      onError: (error) => applyProblemToForm(error, setError, formFields, { fieldOf, focusFirst: true }),
    }),
  );

  return (
    <FormProvider {...form}>
      <DatePickersProvider>
        <ReportForm
          headingId={headingId}
          heading="Uw melding"
          intro="Meld hier een klacht over een levering. Velden met een * zijn verplicht."
          onSubmit={onSubmit}
          state={formStateOf(report)}
          successMessage={feedback.complaintSucceeded}
          errorMessage={failureMessage(report.error, feedback.complaintFailed)}
          submitLabel="Klacht indienen"
          pending={report.isPending}
          submitDisabled={uploading}
        >
          <FieldGroupHeading>De klacht</FieldGroupHeading>
          <FieldCell>
            <ReportTextField<AlkmaarValues> name="pharmacyContactPerson" label="Contactpersoon apotheek" autoComplete="name" required />
          </FieldCell>
          <FieldCell>
            <ReportSelectField<AlkmaarValues>
              name="discovererComplaint"
              label="Ontdekker van klacht"
              required
              options={data.discovererComplaint}
            />
          </FieldCell>
          <FieldCell>
            <ReportSelectField<AlkmaarValues>
              name="natureComplaint"
              label="Aard van klacht"
              required
              options={data.natureComplaint}
              // The nature decides whether patient and medicine are mandatory: their messages follow it.
              onValueChange={() => form.formState.isSubmitted && void trigger(['patient', 'medicine'])}
            />
          </FieldCell>
          {nature === otherChoice && (
            <FieldCell>
              <ReportTextField<AlkmaarValues> name="other" label="Omschrijving aard van klacht" />
            </FieldCell>
          )}

          <FieldGroupHeading>Patiënt en geneesmiddel</FieldGroupHeading>
          <FieldCell>
            <PatientField<AlkmaarValues>
              name="patient"
              required={patientAndMedicine}
              onPatientChange={(patient) => {
                if (patient) setValue('department', patient.facility);
              }}
            />
          </FieldCell>
          <FieldCell>
            <ReportTextField<AlkmaarValues> name="department" label="Afdeling" />
          </FieldCell>
          <FieldCell wide>
            <ReportTextField<AlkmaarValues> name="medicine" label="Geneesmiddel" required={patientAndMedicine} />
          </FieldCell>
          <FieldCell>
            <ReportDateField<AlkmaarValues> name="startSwallowDate" label="Startslikdatum" required />
          </FieldCell>
          <FieldCell>
            <ReportDateField<AlkmaarValues> name="scrollEndDate" label="Einddatum rol" />
          </FieldCell>
          <FieldCell>
            <ReportDateField<AlkmaarValues> name="intakeDate" label="Innamedatum" />
          </FieldCell>
          <FieldCell>
            <ReportTimeField<AlkmaarValues> name="intakeTime" label="Innametijd" />
          </FieldCell>

          <FieldGroupHeading>Toelichting</FieldGroupHeading>
          <FieldCell wide>
            <ReportTextField<AlkmaarValues> name="detailedDescriptionMessage" label="Uitgebreide omschrijving" multiline minRows={3} />
          </FieldCell>
          <FieldCell wide>
            <ReportTextField<AlkmaarValues> name="actionsTakenImmediately" label="Direct ondernomen acties" multiline minRows={2} />
          </FieldCell>
          <FieldCell wide>
            <PhotoField<AlkmaarValues> name="photo" onUploadingChange={setUploading} />
          </FieldCell>

          <FieldGroupHeading>Terugkoppeling</FieldGroupHeading>
          <FeedbackFields<AlkmaarValues>
            options={data.feedbackMessage}
            kind={feedbackKind}
            names={{ kind: 'feedbackMessage', email: 'feedbackEmailAddress', phone: 'feedbackPhoneNumber' }}
          />
        </ReportForm>
      </DatePickersProvider>
    </FormProvider>
  );
}
