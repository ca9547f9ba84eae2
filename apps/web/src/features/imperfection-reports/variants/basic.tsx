import {
  calls,
  emailAddressField,
  feedback,
  validation,
  type PatientSearchResult,
  type ParsedBodyOf,
  type UploadedFile,
} from '@portal/contract';
import type { Dayjs } from 'dayjs';
import { FormRadioField } from '@/components/form/choice-fields';
import { FormSelectField } from '@/components/form/form-select-field';
import { FormDateField } from '@/components/form/date-fields';
import { FormTextField } from '@/components/form/form-text-field';
import { callApi } from '@/lib/api-client';
import { dateText } from '@/lib/forms/dates';
import { payloadResolver, type FieldOf } from '@/lib/forms/payload-resolver';
import { FieldCell, FieldGroupHeading } from '../components/report-form';
import { basicComplaintTypeChoices, contactWayChoices, discovererChoices } from '../labels';
import { ExplanationSection } from './explanation-cells';
import { PatientCells } from './patient-cells';
import type { ReportVariant, SectionsProps } from './report-variant';

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

const call = calls.forms.reportImperfection;
type Payload = ParsedBodyOf<typeof call>;
const fieldOf: FieldOf<BasicValues> = { patientId: 'patient', imageGuid: 'photo' };

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

/** The contract's e-mail check of the contact field, reported with the other messages at once. */
const contactEmailRule = ({ feedBackOption, contactInfo }: Record<string, unknown>) => {
  if (feedBackOption !== 'Email' || typeof contactInfo !== 'string' || contactInfo.trim() === '') return {};
  return emailAddressField().safeParse(contactInfo).success ? {} : { contactInfo: validation.invalidEmail };
};

const Text = FormTextField<BasicValues>;
const Select = FormSelectField<BasicValues>;

function BasicSections({ form, onUploadingChange }: SectionsProps<BasicValues, undefined, Payload>) {
  const contactWay = form.watch('feedBackOption');
  return (
    <>
      <FieldGroupHeading>De klacht</FieldGroupHeading>
      <FieldCell>
        <Select name="imperfectionLocation" label="Ontdekker" required options={discovererChoices.basic} />
      </FieldCell>
      <FieldCell>
        <Select name="imperfectionType" label="Klachttype" required options={basicComplaintTypeChoices} />
      </FieldCell>

      <FieldGroupHeading>Patiënt en geneesmiddel</FieldGroupHeading>
      <PatientCells<BasicValues> names={{ patient: 'patient', department: 'department' }} patientRequired departmentRequired />
      <FieldCell>
        <FormDateField<BasicValues> name="swallowDate" label="Slikdatum" />
      </FieldCell>
      <FieldCell>
        <Text name="drugName" label="Naam geneesmiddel" required />
      </FieldCell>
      <FieldCell>
        <Text name="drugStrength" label="Sterkte" required />
      </FieldCell>
      <FieldCell>
        <Text name="drugAmount" label="Aantal" required />
      </FieldCell>

      <ExplanationSection<BasicValues>
        description={{ name: 'generalAdditionalInformation', label: 'Extra informatie' }}
        actions={{ name: 'takenActions', label: 'Ondernomen acties' }}
        photo="photo"
        required
        onUploadingChange={onUploadingChange}
      />

      <FieldGroupHeading>Terugkoppeling</FieldGroupHeading>
      <FieldCell>
        <FormRadioField<BasicValues>
          name="feedBackOption"
          label="Terugkoppeling via"
          required
          options={contactWayChoices}
          onValueChange={() => {
            form.setValue('contactInfo', '');
            form.clearErrors('contactInfo');
          }}
        />
      </FieldCell>
      {contactWay && (
        <FieldCell>
          {contactWay === 'Email' ? (
            <Text name="contactInfo" label="E-mailadres" type="email" autoComplete="email" required />
          ) : (
            <Text name="contactInfo" label="Telefoonnummer" type="tel" autoComplete="tel" required />
          )}
        </FieldCell>
      )}
    </>
  );
}

/** The product's entities, states and validation rules: the basic imperfection report. */
export const basicReport: ReportVariant<BasicValues, undefined, Payload> = {
  headingId: 'imperfection-basic-heading',
  intro: 'Meld hier een onvolkomenheid in een levering. Velden met een * zijn verplicht.',
  submitLabel: 'Klacht indienen',
  succeededMessage: feedback.complaintSucceeded,
  failedMessage: feedback.complaintFailed,
  defaultValues: {
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
  },
  resolver: payloadResolver(call.body, toPayload, { fieldOf, rule: contactEmailRule }),
  fieldOf,
  send: (body) => callApi(call, { body }),
  Sections: BasicSections,
};
