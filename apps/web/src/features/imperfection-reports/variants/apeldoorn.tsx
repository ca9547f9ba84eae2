import {
  apeldoornCrateKinds,
  apeldoornDefaults,
  calls,
  delays,
  feedback,
  type ApeldoornDropdownData,
  type ParsedBodyOf,
  type PatientSearchResult,
  type UploadedFile,
} from '@portal/contract';
import type { Dayjs } from 'dayjs';
import { useEffect, useState } from 'react';
import { FormRadioField } from '@/components/form/choice-fields';
import { FormSelectField } from '@/components/form/form-select-field';
import { FormDateTimeField } from '@/components/form/date-time-field';
import { FormTextField } from '@/components/form/form-text-field';
import { FormCheckboxesField } from '@/components/form/toggle-fields';
import { callApi } from '@/lib/api-client';
import { dateTimeText } from '@/lib/forms/dates';
import { payloadResolver, type FieldOf } from '@/lib/forms/payload-resolver';
import { FieldCell, FieldGroupHeading, PhotoCell } from '../components/report-form';
import { otherChoice } from '../labels';
import { FeedbackFields, feedbackByMail, feedbackByTelephone, noFeedback } from './feedback-fields';
import { PatientCells } from './patient-cells';
import type { ReportVariant, SectionsProps } from './report-variant';

export interface ApeldoornValues {
  fromPharmacy: string;
  fromDepartment: string;
  contactPerson: string;
  feedbackMessage: string;
  emailAddress: string;
  phoneNumber: string;
  /** '' (not chosen), 'true' (Klacht) or 'false' (Foto opvraag) */
  isComplaint: string;
  complaintCategory: string;
  complaintKind: string;
  crateAmount: string;
  department: string;
  descriptionOther: string;
  originFaultDiscovered: string;
  additionalInformation: string[];
  takenActions: string;
  explanationQuestion: string;
  patient: PatientSearchResult | null;
  departmentName: string;
  dateTimeBag: Dayjs | null;
  remarks: string;
  photo: UploadedFile | null;
}

const call = calls.forms.reportImperfectionInceptionApeldoorn;
type Payload = ParsedBodyOf<typeof call>;
const fieldOf: FieldOf<ApeldoornValues> = {
  patientId: 'patient',
  imageGuid: 'photo',
  imageExtension: 'photo',
  imageFileType: 'photo',
};

const isCrateKind = (kind: string) => (apeldoornCrateKinds as readonly string[]).includes(kind);

/** A whole number as typed, or the text itself (which the contract refuses with its message). */
const wholeNumber = (text: string): unknown => (text.trim() === '' ? null : /^\d+$/.test(text.trim()) ? Number(text) : text);

/** The payload: what the form shows. Fields that the choices hide are not sent. */
const toPayload = (values: ApeldoornValues): Record<string, unknown> => {
  const complaint = values.isComplaint === 'true';
  const crate = complaint && isCrateKind(values.complaintKind);
  return {
    departmentName: values.departmentName,
    patientId: values.patient?.patientId ?? null,
    dateTimeBag: dateTimeText(values.dateTimeBag),
    feedbackMessage: values.feedbackMessage,
    contactPerson: values.contactPerson,
    emailAddress: values.feedbackMessage === feedbackByMail ? values.emailAddress : null,
    phoneNumber: values.feedbackMessage === feedbackByTelephone ? values.phoneNumber : null,
    isComplaint: values.isComplaint === '' ? null : complaint,
    remarks: values.remarks,
    complaintCategory: complaint ? values.complaintCategory || null : null,
    complaintKind: complaint ? values.complaintKind : null,
    additionalInformation: complaint && values.additionalInformation.length > 0 ? values.additionalInformation : null,
    crateAmount: crate ? wholeNumber(values.crateAmount) : null,
    department: crate ? values.department : null,
    descriptionOther: complaint && values.complaintKind === otherChoice ? values.descriptionOther : null,
    takenActions: complaint ? values.takenActions : null,
    explanationQuestion: values.isComplaint === 'false' ? values.explanationQuestion : null,
    originFaultDiscovered: complaint ? values.originFaultDiscovered : null,
    imageGuid: values.photo?.fileGuid ?? null,
    imageExtension: values.photo?.fileExtension ?? null,
    imageFileType: values.photo?.fileType ?? null,
    fromPharmacy: values.fromPharmacy,
    fromDepartment: values.fromDepartment,
  };
};

const complaintChoices = [
  { value: 'true', label: 'Klacht' },
  { value: 'false', label: 'Foto opvraag' },
];

const Text = FormTextField<ApeldoornValues>;
const Select = FormSelectField<ApeldoornValues>;

/** The product's states: the kinds of a chosen category arrive after the category watcher's delay. */
function useLoadedKinds(data: ApeldoornDropdownData, category: string) {
  const [loadedCategory, setLoadedCategory] = useState('');
  useEffect(() => {
    // Another category (or none, after a reset) waits for its kinds again.
    setLoadedCategory('');
    if (!category) return;
    const timer = setTimeout(() => setLoadedCategory(category), delays.categoryWatcherMs);
    return () => clearTimeout(timer);
  }, [category]);
  const loaded = category !== '' && loadedCategory === category;
  return { loaded, kinds: loaded ? (data.complaintKinds[category as keyof typeof data.complaintKinds] ?? []) : [] };
}

/** What the complaint is: its category and kind, and the fields the kind asks for. */
function ComplaintFields({ data, form }: SectionsProps<ApeldoornValues, ApeldoornDropdownData, Payload>) {
  const category = form.watch('complaintCategory');
  const kind = form.watch('complaintKind');
  const { loaded, kinds } = useLoadedKinds(data, category);
  return (
    <>
      <FieldCell>
        <Select
          name="complaintCategory"
          label="Klachtcategorie"
          required
          options={data.complaintCategories}
          onValueChange={() => form.setValue('complaintKind', '')}
        />
      </FieldCell>
      <FieldCell>
        <Select
          name="complaintKind"
          label="Soort klacht"
          required
          disabled={!loaded}
          helperText={category ? undefined : 'Kies eerst een klachtcategorie'}
          options={kinds}
        />
      </FieldCell>
      {isCrateKind(kind) && (
        <>
          <FieldCell>
            <Text name="crateAmount" label="Aantal kratten" slotProps={{ htmlInput: { inputMode: 'numeric' } }} />
          </FieldCell>
          <FieldCell>
            <Text name="department" label="Afdeling van de krat" />
          </FieldCell>
        </>
      )}
      {kind === otherChoice && (
        <FieldCell wide>
          <Text name="descriptionOther" label="Omschrijving" multiline minRows={2} />
        </FieldCell>
      )}
      <FieldCell>
        <Select name="originFaultDiscovered" label="Waar is de fout ontdekt" required options={data.originFaultDiscovered} />
      </FieldCell>
      <FieldCell>
        <FormCheckboxesField<ApeldoornValues> name="additionalInformation" label="Aanvullende informatie" options={data.additionalInformation} />
      </FieldCell>
      <FieldCell wide>
        <Text name="takenActions" label="Ondernomen acties" multiline minRows={2} />
      </FieldCell>
    </>
  );
}

function ApeldoornSections(props: SectionsProps<ApeldoornValues, ApeldoornDropdownData, Payload>) {
  const { data, form, onUploadingChange } = props;
  const feedbackKind = form.watch('feedbackMessage');
  const isComplaint = form.watch('isComplaint');
  return (
    <>
      <FieldGroupHeading>Melder</FieldGroupHeading>
      <FieldCell>
        <Text name="fromPharmacy" label="Apotheek" autoComplete="organization" />
      </FieldCell>
      <FieldCell>
        <Text name="fromDepartment" label="Afdeling van de melder" />
      </FieldCell>
      <FieldCell>
        <Text name="contactPerson" label="Contactpersoon" autoComplete="name" required={feedbackKind !== noFeedback} />
      </FieldCell>
      <FeedbackFields<ApeldoornValues>
        options={data.feedbackMessage}
        kind={feedbackKind}
        names={{ kind: 'feedbackMessage', email: 'emailAddress', phone: 'phoneNumber' }}
      />

      <FieldGroupHeading>Melding</FieldGroupHeading>
      <FieldCell wide>
        <FormRadioField<ApeldoornValues>
          name="isComplaint"
          label="Klacht/Foto opvraag"
          required
          options={complaintChoices}
          onValueChange={(value) => {
            if (value === 'true') {
              form.setValue('explanationQuestion', '');
            } else {
              form.setValue('complaintCategory', '');
              form.setValue('complaintKind', '');
              form.setValue('originFaultDiscovered', '');
              form.setValue('takenActions', '');
            }
          }}
        />
      </FieldCell>
      {isComplaint === 'true' && <ComplaintFields {...props} />}
      {isComplaint === 'false' && (
        <FieldCell wide>
          <Text name="explanationQuestion" label="Toelichting op uw vraag" multiline minRows={3} />
        </FieldCell>
      )}

      <FieldGroupHeading>Patiënt en zakje</FieldGroupHeading>
      <PatientCells<ApeldoornValues> names={{ patient: 'patient', department: 'departmentName' }} />
      <FieldCell>
        <FormDateTimeField<ApeldoornValues> name="dateTimeBag" label="Datum en tijd van het zakje" />
      </FieldCell>
      <FieldCell wide>
        <Text name="remarks" label="Opmerkingen" multiline minRows={3} />
      </FieldCell>
      <PhotoCell<ApeldoornValues> name="photo" onUploadingChange={onUploadingChange} />
    </>
  );
}

/** The product's entities, states and validation rules: the Apeldoorn report, a complaint or a request for a photo. */
export const apeldoornReport: ReportVariant<ApeldoornValues, ApeldoornDropdownData, Payload> = {
  headingId: 'imperfection-apeldoorn-heading',
  intro:
    'Meld hier een klacht over een levering, of vraag een foto van een zakje op. Heeft u vragen over uw melding? Neem dan contact op met onze afdeling Kwaliteit.',
  namesQualityContact: true,
  submitLabel: 'Melding indienen',
  succeededMessage: feedback.reportSucceeded,
  failedMessage: feedback.reportFailed,
  defaultValues: {
    fromPharmacy: '',
    fromDepartment: '',
    contactPerson: '',
    feedbackMessage: noFeedback,
    emailAddress: '',
    phoneNumber: '',
    isComplaint: '',
    complaintCategory: '',
    complaintKind: '',
    crateAmount: String(apeldoornDefaults.crateAmount),
    department: '',
    descriptionOther: '',
    originFaultDiscovered: '',
    additionalInformation: [],
    takenActions: '',
    explanationQuestion: '',
    patient: null,
    departmentName: '',
    dateTimeBag: null,
    remarks: '',
    photo: null,
  },
  resolver: payloadResolver(call.body, toPayload, { fieldOf }),
  fieldOf,
  send: (body) => callApi(call, { body }),
  scrollToError: true,
  Sections: ApeldoornSections,
};
