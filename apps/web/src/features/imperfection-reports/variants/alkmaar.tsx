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
import { FormSelectField } from '@/components/form/form-select-field';
import { FormDateField } from '@/components/form/date-fields';
import { FormTimeField } from '@/components/form/time-fields';
import { FormTextField } from '@/components/form/form-text-field';
import { callApi } from '@/lib/api-client';
import { dateText, timeText } from '@/lib/forms/dates';
import { payloadResolver, type FieldMessages, type FieldOf } from '@/lib/forms/payload-resolver';
import { FieldCell, FieldGroupHeading } from '../components/report-form';
import { otherChoice } from '../labels';
import { FeedbackFields, feedbackByMail, feedbackByTelephone, noFeedback } from './feedback-fields';
import { ExplanationSection } from './explanation-cells';
import { PatientCells } from './patient-cells';
import type { ReportVariant, SectionsProps } from './report-variant';

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

const call = calls.forms.reportImperfectionInceptionAlkmaar;
type Payload = ParsedBodyOf<typeof call>;
const fieldOf: FieldOf<AlkmaarValues> = { patientId: 'patient', imageGuid: 'photo' };

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
const patientAndMedicineRule = (payload: Record<string, unknown>): FieldMessages => {
  if (!needsPatientAndMedicine(payload.natureComplaint)) return {};
  return {
    patientId: payload.patientId == null ? validation.patientRequired : undefined,
    medicine: typeof payload.medicine !== 'string' || payload.medicine.trim() === '' ? validation.medicineRequired : undefined,
  };
};

const Text = FormTextField<AlkmaarValues>;
const Select = FormSelectField<AlkmaarValues>;
const DateCell = ({ name, label, required }: { name: 'startSwallowDate' | 'scrollEndDate' | 'intakeDate'; label: string; required?: boolean }) => (
  <FieldCell>
    <FormDateField<AlkmaarValues> name={name} label={label} required={required} />
  </FieldCell>
);

function AlkmaarSections({ data, form, onUploadingChange }: SectionsProps<AlkmaarValues, AlkmaarDropdownData, Payload>) {
  const nature = form.watch('natureComplaint');
  const feedbackKind = form.watch('feedbackMessage');
  const patientAndMedicine = needsPatientAndMedicine(nature);
  return (
    <>
      <FieldGroupHeading>De klacht</FieldGroupHeading>
      <FieldCell>
        <Text name="pharmacyContactPerson" label="Contactpersoon apotheek" autoComplete="name" required />
      </FieldCell>
      <FieldCell>
        <Select name="discovererComplaint" label="Ontdekker van klacht" required options={data.discovererComplaint} />
      </FieldCell>
      <FieldCell>
        <Select
          name="natureComplaint"
          label="Aard van klacht"
          required
          options={data.natureComplaint}
          // The nature decides whether patient and medicine are mandatory: their messages follow it.
          onValueChange={() => form.formState.isSubmitted && void form.trigger(['patient', 'medicine'])}
        />
      </FieldCell>
      {nature === otherChoice && (
        <FieldCell>
          <Text name="other" label="Omschrijving aard van klacht" />
        </FieldCell>
      )}

      <FieldGroupHeading>Patiënt en geneesmiddel</FieldGroupHeading>
      <PatientCells<AlkmaarValues> names={{ patient: 'patient', department: 'department' }} patientRequired={patientAndMedicine} />
      <FieldCell wide>
        <Text name="medicine" label="Geneesmiddel" required={patientAndMedicine} />
      </FieldCell>
      <DateCell name="startSwallowDate" label="Startslikdatum" required />
      <DateCell name="scrollEndDate" label="Einddatum rol" />
      <DateCell name="intakeDate" label="Innamedatum" />
      <FieldCell>
        <FormTimeField<AlkmaarValues> name="intakeTime" label="Innametijd" />
      </FieldCell>

      <ExplanationSection<AlkmaarValues>
        description={{ name: 'detailedDescriptionMessage', label: 'Uitgebreide omschrijving' }}
        actions={{ name: 'actionsTakenImmediately', label: 'Direct ondernomen acties' }}
        photo="photo"
        onUploadingChange={onUploadingChange}
      />

      <FieldGroupHeading>Terugkoppeling</FieldGroupHeading>
      <FeedbackFields<AlkmaarValues>
        options={data.feedbackMessage}
        kind={feedbackKind}
        names={{ kind: 'feedbackMessage', email: 'feedbackEmailAddress', phone: 'feedbackPhoneNumber' }}
      />
    </>
  );
}

/** The product's entities, states and validation rules: the Alkmaar report; some natures of complaint need a patient and a medicine. */
export const alkmaarReport: ReportVariant<AlkmaarValues, AlkmaarDropdownData, Payload> = {
  headingId: 'imperfection-alkmaar-heading',
  intro: 'Meld hier een klacht over een levering. Velden met een * zijn verplicht.',
  submitLabel: 'Klacht indienen',
  succeededMessage: feedback.complaintSucceeded,
  failedMessage: feedback.complaintFailed,
  defaultValues: {
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
  },
  resolver: payloadResolver(call.body, toPayload, { fieldOf, rule: patientAndMedicineRule }),
  fieldOf,
  send: (body) => callApi(call, { body }),
  Sections: AlkmaarSections,
};
