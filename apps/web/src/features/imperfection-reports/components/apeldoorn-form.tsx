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
import { useEffect, useRef, useState } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { formStateOf } from '@/components/form-status';
import { applyProblemToForm, failureMessage } from '@/lib/form-errors';
import { useReportImperfectionApeldoorn } from '../api/report-imperfection-apeldoorn';
import { otherChoice } from '../labels';
import { dateTimeText } from '../utils/dates';
import { payloadResolver, type PayloadFieldMap } from '../utils/payload-resolver';
import { scrollToFirstError } from '../utils/scroll-to-error';
import { DatePickersProvider, ReportDateTimeField } from './date-fields';
import { FeedbackFields, feedbackByMail, feedbackByTelephone, noFeedback } from './feedback-fields';
import { PatientField } from './patient-field';
import { PhotoField } from './photo-field';
import { FieldCell, FieldGroupHeading, ReportForm } from './report-form';
import { ReportMultiSelectField, ReportRadioField, ReportSelectField, ReportTextField } from './report-fields';

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

const defaultValues: ApeldoornValues = {
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
};

const formFields = Object.keys(defaultValues) as (keyof ApeldoornValues)[];
const fieldOf: PayloadFieldMap<ApeldoornValues> = {
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

const schema = calls.forms.reportImperfectionInceptionApeldoorn.body;
type Payload = ParsedBodyOf<typeof calls.forms.reportImperfectionInceptionApeldoorn>;
const resolver = payloadResolver<ApeldoornValues, typeof schema>(schema, toPayload, fieldOf);

const complaintChoices = [
  { value: 'true', label: 'Klacht' },
  { value: 'false', label: 'Foto opvraag' },
];

const headingId = 'imperfection-apeldoorn-heading';

/** Spec sections 3-5: the Apeldoorn report, a complaint or a request for a photo. */
export function ApeldoornForm({ data }: { data: ApeldoornDropdownData }) {
  const report = useReportImperfectionApeldoorn();
  const [uploading, setUploading] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const form = useForm<ApeldoornValues, unknown, Payload>({ defaultValues, resolver, shouldFocusError: false });
  const { handleSubmit, reset, setError, setValue, watch } = form;

  const feedbackKind = watch('feedbackMessage');
  const isComplaint = watch('isComplaint');
  const category = watch('complaintCategory');
  const kind = watch('complaintKind');

  // Spec section 4: the kinds of a chosen category arrive after the category watcher's delay.
  const [loadedCategory, setLoadedCategory] = useState('');
  useEffect(() => {
    if (!category) return;
    const timer = setTimeout(() => setLoadedCategory(category), delays.categoryWatcherMs);
    return () => clearTimeout(timer);
  }, [category]);
  const kindsLoaded = category !== '' && loadedCategory === category;
  const kinds = kindsLoaded ? (data.complaintKinds[category as keyof typeof data.complaintKinds] ?? []) : [];

  const scrollToErrorLater = () => setTimeout(() => scrollToFirstError(formRef.current), delays.scrollToErrorMs);

  const onSubmit = handleSubmit(
    (payload) =>
      report.mutate(payload, {
        onSuccess: () => {
          reset();
          setLoadedCategory('');
        },
        onError: (error) => {
          applyProblemToForm(error, setError, formFields, { fieldOf, focusFirst: true });
          scrollToErrorLater();
        },
      }),
    scrollToErrorLater,
  );

  const complaint = isComplaint === 'true';
  return (
    <FormProvider {...form}>
      <DatePickersProvider>
        <ReportForm
          headingId={headingId}
          heading="Uw melding"
          intro="Meld hier een klacht over een levering, of vraag een foto van een zakje op. Heeft u vragen over uw melding? Neem dan contact op met onze afdeling Kwaliteit."
          onSubmit={onSubmit}
          formRef={formRef}
          state={formStateOf(report)}
          successMessage={feedback.reportSucceeded}
          errorMessage={failureMessage(report.error, feedback.reportFailed)}
          submitLabel="Melding indienen"
          pending={report.isPending}
          submitDisabled={uploading}
        >
          <FieldGroupHeading>Melder</FieldGroupHeading>
          <FieldCell>
            <ReportTextField<ApeldoornValues> name="fromPharmacy" label="Apotheek" autoComplete="organization" />
          </FieldCell>
          <FieldCell>
            <ReportTextField<ApeldoornValues> name="fromDepartment" label="Afdeling van de melder" />
          </FieldCell>
          <FieldCell>
            <ReportTextField<ApeldoornValues>
              name="contactPerson"
              label="Contactpersoon"
              autoComplete="name"
              required={feedbackKind !== noFeedback}
            />
          </FieldCell>
          <FeedbackFields<ApeldoornValues>
            options={data.feedbackMessage}
            kind={feedbackKind}
            names={{ kind: 'feedbackMessage', email: 'emailAddress', phone: 'phoneNumber' }}
          />

          <FieldGroupHeading>Melding</FieldGroupHeading>
          <FieldCell wide>
            <ReportRadioField<ApeldoornValues>
              name="isComplaint"
              label="Klacht/Foto opvraag"
              required
              options={complaintChoices}
              onValueChange={(value) => {
                if (value === 'true') {
                  setValue('explanationQuestion', '');
                } else {
                  setValue('complaintCategory', '');
                  setValue('complaintKind', '');
                  setLoadedCategory('');
                  setValue('originFaultDiscovered', '');
                  setValue('takenActions', '');
                }
              }}
            />
          </FieldCell>
          {complaint && (
            <>
              <FieldCell>
                <ReportSelectField<ApeldoornValues>
                  name="complaintCategory"
                  label="Klachtcategorie"
                  required
                  options={data.complaintCategories}
                  onValueChange={() => {
                    setValue('complaintKind', '');
                    setLoadedCategory('');
                  }}
                />
              </FieldCell>
              <FieldCell>
                <ReportSelectField<ApeldoornValues>
                  name="complaintKind"
                  label="Soort klacht"
                  required
                  disabled={!kindsLoaded}
                  helperText={category ? undefined : 'Kies eerst een klachtcategorie'}
                  options={kinds}
                />
              </FieldCell>
              {isCrateKind(kind) && (
                <>
                  <FieldCell>
                    <ReportTextField<ApeldoornValues> name="crateAmount" label="Aantal kratten" inputMode="numeric" />
                  </FieldCell>
                  <FieldCell>
                    <ReportTextField<ApeldoornValues> name="department" label="Afdeling van de krat" />
                  </FieldCell>
                </>
              )}
              {kind === otherChoice && (
                <FieldCell wide>
                  <ReportTextField<ApeldoornValues> name="descriptionOther" label="Omschrijving" multiline minRows={2} />
                </FieldCell>
              )}
              <FieldCell>
                <ReportSelectField<ApeldoornValues>
                  name="originFaultDiscovered"
                  label="Waar is de fout ontdekt"
                  required
                  options={data.originFaultDiscovered}
                />
              </FieldCell>
              <FieldCell>
                <ReportMultiSelectField<ApeldoornValues>
                  name="additionalInformation"
                  label="Aanvullende informatie"
                  options={data.additionalInformation}
                />
              </FieldCell>
              <FieldCell wide>
                <ReportTextField<ApeldoornValues> name="takenActions" label="Ondernomen acties" multiline minRows={2} />
              </FieldCell>
            </>
          )}
          {isComplaint === 'false' && (
            <FieldCell wide>
              <ReportTextField<ApeldoornValues> name="explanationQuestion" label="Toelichting op uw vraag" multiline minRows={3} />
            </FieldCell>
          )}

          <FieldGroupHeading>Patiënt en zakje</FieldGroupHeading>
          <FieldCell>
            <PatientField<ApeldoornValues>
              name="patient"
              onPatientChange={(patient) => {
                if (patient) setValue('departmentName', patient.facility);
              }}
            />
          </FieldCell>
          <FieldCell>
            <ReportTextField<ApeldoornValues> name="departmentName" label="Afdeling" />
          </FieldCell>
          <FieldCell>
            <ReportDateTimeField<ApeldoornValues> name="dateTimeBag" label="Datum en tijd van het zakje" />
          </FieldCell>
          <FieldCell wide>
            <ReportTextField<ApeldoornValues> name="remarks" label="Opmerkingen" multiline minRows={3} />
          </FieldCell>
          <FieldCell wide>
            <PhotoField<ApeldoornValues> name="photo" onUploadingChange={setUploading} />
          </FieldCell>
        </ReportForm>
      </DatePickersProvider>
    </FormProvider>
  );
}
