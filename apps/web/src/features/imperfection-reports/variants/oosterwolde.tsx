import {
  calls,
  feedback,
  missingOosterwoldeFields,
  oosterwoldeDefaults,
  type OosterwoldeCatalogue,
  type OosterwoldeRequiredField,
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
import { dateWithTimeText } from '@/lib/forms/dates';
import { messagesByField, payloadResolver, type FieldOf } from '@/lib/forms/payload-resolver';
import { FieldCell, FieldGroupHeading } from '../components/report-form';
import { discovererChoices, impactChoices } from '../labels';
import { ExplanationSection } from './explanation-cells';
import { PatientCells } from './patient-cells';
import type { ReportVariant, SectionsProps } from './report-variant';

export interface OosterwoldeValues {
  department: string;
  imperfectionLocation: string;
  imperfectionAbout: string;
  imperfectionTypeInception: string;
  imperfectionImpact: string;
  patient: PatientSearchResult | null;
  swallowDate: Dayjs | null;
  swallowTime: Dayjs | null;
  drugNameAndStrength: string;
  batchNumber: string;
  bagNumber: string;
  additionalInformation: string;
  takenActions: string;
  photo: UploadedFile | null;
}

const call = calls.forms.reportImperfectionInceptionOosterwolde;
type Payload = ParsedBodyOf<typeof call>;
const fieldOf: FieldOf<OosterwoldeValues> = {
  patientId: 'patient',
  imageGuid: 'photo',
  imageExtension: 'photo',
  imageFileType: 'photo',
};

const toPayload = (values: OosterwoldeValues): Record<string, unknown> => ({
  department: values.department,
  imperfectionLocation: values.imperfectionLocation,
  imperfectionAbout: values.imperfectionAbout,
  imperfectionTypeInception: values.imperfectionTypeInception,
  imperfectionImpact: values.imperfectionImpact,
  patientId: values.patient?.patientId ?? null,
  swallowDate: dateWithTimeText(values.swallowDate, values.swallowTime),
  drugNameAndStrength: values.drugNameAndStrength,
  batchNumber: values.batchNumber,
  bagNumber: values.bagNumber,
  additionalInformation: values.additionalInformation,
  takenActions: values.takenActions,
  imageGuid: values.photo?.fileGuid ?? null,
  imageExtension: values.photo?.fileExtension ?? null,
  imageFileType: values.photo?.fileType ?? null,
});

function faultOf(catalogue: OosterwoldeCatalogue, subject: string, fault: string) {
  return catalogue.subjects.find((s) => s.name === subject)?.faults.find((f) => f.name === fault);
}

/** The fields the chosen fault makes mandatory: its list from the catalogue the server gave, the contract's rule. */
const requiredByFault = (payload: Record<string, unknown>, _values: OosterwoldeValues, catalogue: OosterwoldeCatalogue) => {
  const fault = faultOf(catalogue, String(payload.imperfectionAbout ?? ''), String(payload.imperfectionTypeInception ?? ''));
  return messagesByField(missingOosterwoldeFields(payload, fault?.requiredFields ?? []));
};

const Text = FormTextField<OosterwoldeValues>;
const Select = FormSelectField<OosterwoldeValues>;

function OosterwoldeSections({ data: catalogue, form, onUploadingChange }: SectionsProps<OosterwoldeValues, OosterwoldeCatalogue, Payload>) {
  const subject = catalogue.subjects.find((s) => s.name === form.watch('imperfectionAbout'));
  const fault = subject?.faults.find((f) => f.name === form.watch('imperfectionTypeInception'));
  const required = (field: OosterwoldeRequiredField) => fault?.requiredFields.includes(field) ?? false;
  return (
    <>
      <FieldGroupHeading>De klacht</FieldGroupHeading>
      <FieldCell>
        <Select name="imperfectionLocation" label="Ontdekker" required options={discovererChoices.oosterwolde} />
      </FieldCell>
      <FieldCell>
        <Select
          name="imperfectionAbout"
          label="Wat de klacht is"
          required
          options={catalogue.subjects.map((s) => ({ value: s.name, label: s.label }))}
          onValueChange={() => {
            form.setValue('imperfectionTypeInception', '');
            form.clearErrors();
          }}
        />
      </FieldCell>
      <FieldCell>
        <Select
          name="imperfectionTypeInception"
          label="Klachttype"
          required
          disabled={!subject}
          helperText={subject ? undefined : 'Kies eerst wat de klacht is'}
          options={(subject?.faults ?? []).map((f) => ({ value: f.name, label: f.label }))}
          onValueChange={() => form.clearErrors()}
        />
      </FieldCell>
      <FieldCell>
        <Select name="imperfectionImpact" label="Impact" required options={impactChoices} />
      </FieldCell>

      <FieldGroupHeading>Patiënt en geneesmiddel</FieldGroupHeading>
      <PatientCells<OosterwoldeValues>
        names={{ patient: 'patient', department: 'department' }}
        patientRequired={required('patientName')}
        departmentRequired
      />
      <FieldCell>
        <FormDateField<OosterwoldeValues> name="swallowDate" label="Slikdatum" required={required('swallowDate')} />
      </FieldCell>
      <FieldCell>
        <FormTimeField<OosterwoldeValues> name="swallowTime" label="Sliktijd" required={required('swallowTime')} />
      </FieldCell>
      <FieldCell wide>
        <Text name="drugNameAndStrength" label="Naam geneesmiddel en sterkte" required={required('drugNameAndStrength')} />
      </FieldCell>
      <FieldCell>
        <Text name="batchNumber" label="Batchnummer" required={required('batchNumber')} />
      </FieldCell>
      <FieldCell>
        <Text name="bagNumber" label="Nummer zakje" required={required('bagNumber')} />
      </FieldCell>

      <ExplanationSection<OosterwoldeValues>
        description={{ name: 'additionalInformation', label: 'Aanvullende informatie' }}
        actions={{ name: 'takenActions', label: 'Ondernomen acties' }}
        photo="photo"
        onUploadingChange={onUploadingChange}
      />
    </>
  );
}

/** The product's entities, states and validation rules: the Oosterwolde report; the chosen fault decides which further fields are mandatory. */
export const oosterwoldeReport: ReportVariant<OosterwoldeValues, OosterwoldeCatalogue, Payload> = {
  headingId: 'imperfection-oosterwolde-heading',
  intro:
    'Meld hier een onvolkomenheid in een levering. Velden met een * zijn verplicht; welke velden verplicht zijn, hangt af van het klachttype.',
  submitLabel: 'Klacht indienen',
  succeededMessage: feedback.complaintSucceeded,
  failedMessage: feedback.complaintFailed,
  defaultValues: {
    department: '',
    imperfectionLocation: '',
    imperfectionAbout: '',
    imperfectionTypeInception: '',
    imperfectionImpact: '',
    patient: null,
    swallowDate: null,
    swallowTime: null,
    drugNameAndStrength: '',
    batchNumber: oosterwoldeDefaults.batchNumber,
    bagNumber: '',
    additionalInformation: '',
    takenActions: '',
    photo: null,
  },
  resolver: payloadResolver(call.body, toPayload, { fieldOf, rule: requiredByFault }),
  fieldOf,
  send: (body) => callApi(call, { body }),
  Sections: OosterwoldeSections,
};
