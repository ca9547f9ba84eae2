import {
  calls,
  emailAddressField,
  feedback,
  validation,
  type ParsedBodyOf,
  type PatientSearchResult,
  type UploadedFile,
} from '@portal/contract';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { formStateOf } from '@/components/form-status';
import { applyProblemToForm, failureMessage } from '@/lib/form-errors';
import { useReportImperfection } from '../api/report-imperfection';
import { basicComplaintTypeChoices, contactWayChoices, discovererChoices } from '../labels';
import { dateText } from '../utils/dates';
import { payloadResolver, type PayloadFieldMap } from '../utils/payload-resolver';
import { DatePickersProvider, ReportDateField } from './date-fields';
import { PatientField } from './patient-field';
import { PhotoField } from './photo-field';
import { FieldCell, FieldGroupHeading, ReportForm } from './report-form';
import { ReportRadioField, ReportSelectField, ReportTextField } from './report-fields';

export interface BasicValues {
  imperfectionLocation: string;
  imperfectionType: string;
  patient: PatientSearchResult | null;
  department: string;
  swallowDate: Dayjs | null;
  drugName: string;
  drugStrength: string;
  drugAmount: string;
  generalAdditionalInformation: string;
  takenActions: string;
  photo: UploadedFile | null;
  feedBackOption: string;
  contactInfo: string;
}

const defaultValues: BasicValues = {
  imperfectionLocation: '',
  imperfectionType: '',
  patient: null,
  department: '',
  swallowDate: null,
  drugName: '',
  drugStrength: '',
  drugAmount: '',
  generalAdditionalInformation: '',
  takenActions: '',
  photo: null,
  feedBackOption: '',
  contactInfo: '',
};

const formFields = Object.keys(defaultValues) as (keyof BasicValues)[];
const fieldOf: PayloadFieldMap<BasicValues> = { patientId: 'patient', imageGuid: 'photo' };

const toPayload = (values: BasicValues): Record<string, unknown> => ({
  imperfectionLocation: values.imperfectionLocation,
  imperfectionType: values.imperfectionType,
  patientId: values.patient?.patientId ?? null,
  department: values.department,
  swallowDate: dateText(values.swallowDate),
  drugName: values.drugName,
  drugStrength: values.drugStrength,
  drugAmount: values.drugAmount,
  generalAdditionalInformation: values.generalAdditionalInformation,
  takenActions: values.takenActions,
  imageGuid: values.photo?.fileGuid ?? null,
  feedBackOption: values.feedBackOption,
  contactInfo: values.contactInfo,
});

const schema = calls.forms.reportImperfection.body;
type Payload = ParsedBodyOf<typeof calls.forms.reportImperfection>;
/** The contract's e-mail check of the contact field, reported with the other messages at once. */
const contactEmailRule = (payload: Record<string, unknown>) => {
  const { feedBackOption, contactInfo } = payload;
  if (feedBackOption !== 'Email' || typeof contactInfo !== 'string' || contactInfo.trim() === '') return [];
  return emailAddressField().safeParse(contactInfo).success ? [] : [{ field: 'contactInfo', message: validation.invalidEmail }];
};

const resolver = payloadResolver<BasicValues, typeof schema>(schema, toPayload, fieldOf, contactEmailRule);

const headingId = 'imperfection-basic-heading';

/** Spec sections 3-5: the basic imperfection report. */
export function BasicForm() {
  const report = useReportImperfection();
  const [uploading, setUploading] = useState(false);
  const form = useForm<BasicValues, unknown, Payload>({ defaultValues, resolver });
  const { handleSubmit, reset, setError, setValue, clearErrors, watch } = form;
  const contactWay = watch('feedBackOption');

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
          intro="Meld hier een onvolkomenheid in een levering. Velden met een * zijn verplicht."
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
            <ReportSelectField<BasicValues> name="imperfectionLocation" label="Ontdekker" required options={discovererChoices.basic} />
          </FieldCell>
          <FieldCell>
            <ReportSelectField<BasicValues> name="imperfectionType" label="Klachttype" required options={basicComplaintTypeChoices} />
          </FieldCell>

          <FieldGroupHeading>Patiënt en geneesmiddel</FieldGroupHeading>
          <FieldCell>
            <PatientField<BasicValues>
              name="patient"
              required
              onPatientChange={(patient) => {
                if (patient) setValue('department', patient.facility, { shouldValidate: form.formState.isSubmitted });
              }}
            />
          </FieldCell>
          <FieldCell>
            <ReportTextField<BasicValues> name="department" label="Afdeling" required />
          </FieldCell>
          <FieldCell>
            <ReportDateField<BasicValues> name="swallowDate" label="Slikdatum" />
          </FieldCell>
          <FieldCell>
            <ReportTextField<BasicValues> name="drugName" label="Naam geneesmiddel" required />
          </FieldCell>
          <FieldCell>
            <ReportTextField<BasicValues> name="drugStrength" label="Sterkte" required />
          </FieldCell>
          <FieldCell>
            <ReportTextField<BasicValues> name="drugAmount" label="Aantal" required />
          </FieldCell>

          <FieldGroupHeading>Toelichting</FieldGroupHeading>
          <FieldCell wide>
            <ReportTextField<BasicValues> name="generalAdditionalInformation" label="Extra informatie" required multiline minRows={3} />
          </FieldCell>
          <FieldCell wide>
            <ReportTextField<BasicValues> name="takenActions" label="Ondernomen acties" required multiline minRows={2} />
          </FieldCell>
          <FieldCell wide>
            <PhotoField<BasicValues> name="photo" onUploadingChange={setUploading} />
          </FieldCell>

          <FieldGroupHeading>Terugkoppeling</FieldGroupHeading>
          <FieldCell>
            <ReportRadioField<BasicValues>
              name="feedBackOption"
              label="Terugkoppeling via"
              required
              options={contactWayChoices}
              onValueChange={() => {
                setValue('contactInfo', '');
                clearErrors('contactInfo');
              }}
            />
          </FieldCell>
          {contactWay && (
            <FieldCell>
              {contactWay === 'Email' ? (
                <ReportTextField<BasicValues> name="contactInfo" label="E-mailadres" type="email" autoComplete="email" required />
              ) : (
                <ReportTextField<BasicValues> name="contactInfo" label="Telefoonnummer" type="tel" autoComplete="tel" required />
              )}
            </FieldCell>
          )}
        </ReportForm>
      </DatePickersProvider>
    </FormProvider>
  );
}
