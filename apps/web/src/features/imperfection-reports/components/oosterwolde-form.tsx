import {
  calls,
  feedback,
  missingOosterwoldeFields,
  oosterwoldeDefaults,
  type OosterwoldeCatalogue,
  type ParsedBodyOf,
  type OosterwoldeRequiredField,
  type PatientSearchResult,
  type UploadedFile,
} from '@portal/contract';
import type { Dayjs } from 'dayjs';
import { useMemo, useState } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { formStateOf } from '@/components/form-status';
import { applyProblemToForm, failureMessage } from '@/lib/form-errors';
import { useReportImperfectionOosterwolde } from '../api/report-imperfection-oosterwolde';
import { discovererChoices, impactChoices } from '../labels';
import { dateWithTimeText } from '../utils/dates';
import { payloadResolver, type PayloadFieldMap } from '../utils/payload-resolver';
import { DatePickersProvider, ReportDateField, ReportTimeField } from './date-fields';
import { PatientField } from './patient-field';
import { PhotoField } from './photo-field';
import { FieldCell, FieldGroupHeading, ReportForm } from './report-form';
import { ReportSelectField, ReportTextField } from './report-fields';

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

const defaultValues: OosterwoldeValues = {
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
};

const formFields = Object.keys(defaultValues) as (keyof OosterwoldeValues)[];
const fieldOf: PayloadFieldMap<OosterwoldeValues> = {
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

const schema = calls.forms.reportImperfectionInceptionOosterwolde.body;
type Payload = ParsedBodyOf<typeof calls.forms.reportImperfectionInceptionOosterwolde>;

interface Context {
  catalogue: OosterwoldeCatalogue;
}

function faultOf(catalogue: OosterwoldeCatalogue, subject: string, fault: string) {
  return catalogue.subjects.find((s) => s.name === subject)?.faults.find((f) => f.name === fault);
}

/** The fields the chosen fault makes mandatory: its list from the catalogue the server gave, the contract's rule. */
const requiredByFault = (payload: Record<string, unknown>, { catalogue }: Context) => {
  const fault = faultOf(catalogue, String(payload.imperfectionAbout ?? ''), String(payload.imperfectionTypeInception ?? ''));
  return missingOosterwoldeFields(payload, fault?.requiredFields ?? []);
};

const resolver = payloadResolver<OosterwoldeValues, typeof schema, Context>(schema, toPayload, fieldOf, requiredByFault);

const headingId = 'imperfection-oosterwolde-heading';

/** Spec sections 3-5: the Oosterwolde report; the chosen fault decides which further fields are mandatory. */
export function OosterwoldeForm({ catalogue }: { catalogue: OosterwoldeCatalogue }) {
  const report = useReportImperfectionOosterwolde();
  const [uploading, setUploading] = useState(false);
  const context = useMemo(() => ({ catalogue }), [catalogue]);
  const form = useForm<OosterwoldeValues, Context, Payload>({
    defaultValues,
    resolver,
    context,
  });
  const { handleSubmit, reset, setError, setValue, clearErrors, watch } = form;

  const subjectName = watch('imperfectionAbout');
  const faultName = watch('imperfectionTypeInception');
  const subject = catalogue.subjects.find((s) => s.name === subjectName);
  const fault = subject?.faults.find((f) => f.name === faultName);
  const required = (field: OosterwoldeRequiredField) => fault?.requiredFields.includes(field) ?? false;

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
          intro="Meld hier een onvolkomenheid in een levering. Velden met een * zijn verplicht; welke velden verplicht zijn, hangt af van het klachttype."
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
            <ReportSelectField<OosterwoldeValues>
              name="imperfectionLocation"
              label="Ontdekker"
              required
              options={discovererChoices.oosterwolde}
            />
          </FieldCell>
          <FieldCell>
            <ReportSelectField<OosterwoldeValues>
              name="imperfectionAbout"
              label="Wat de klacht is"
              required
              options={catalogue.subjects.map((s) => ({ value: s.name, label: s.label }))}
              onValueChange={() => {
                setValue('imperfectionTypeInception', '');
                clearErrors();
              }}
            />
          </FieldCell>
          <FieldCell>
            <ReportSelectField<OosterwoldeValues>
              name="imperfectionTypeInception"
              label="Klachttype"
              required
              disabled={!subject}
              helperText={subject ? undefined : 'Kies eerst wat de klacht is'}
              options={(subject?.faults ?? []).map((f) => ({ value: f.name, label: f.label }))}
              onValueChange={() => clearErrors()}
            />
          </FieldCell>
          <FieldCell>
            <ReportSelectField<OosterwoldeValues> name="imperfectionImpact" label="Impact" required options={impactChoices} />
          </FieldCell>

          <FieldGroupHeading>Patiënt en geneesmiddel</FieldGroupHeading>
          <FieldCell>
            <PatientField<OosterwoldeValues>
              name="patient"
              required={required('patientName')}
              onPatientChange={(patient) => {
                if (patient) setValue('department', patient.facility, { shouldValidate: form.formState.isSubmitted });
              }}
            />
          </FieldCell>
          <FieldCell>
            <ReportTextField<OosterwoldeValues> name="department" label="Afdeling" required />
          </FieldCell>
          <FieldCell>
            <ReportDateField<OosterwoldeValues> name="swallowDate" label="Slikdatum" required={required('swallowDate')} />
          </FieldCell>
          <FieldCell>
            <ReportTimeField<OosterwoldeValues> name="swallowTime" label="Sliktijd" required={required('swallowTime')} />
          </FieldCell>
          <FieldCell wide>
            <ReportTextField<OosterwoldeValues>
              name="drugNameAndStrength"
              label="Naam geneesmiddel en sterkte"
              required={required('drugNameAndStrength')}
            />
          </FieldCell>
          <FieldCell>
            <ReportTextField<OosterwoldeValues> name="batchNumber" label="Batchnummer" required={required('batchNumber')} />
          </FieldCell>
          <FieldCell>
            <ReportTextField<OosterwoldeValues> name="bagNumber" label="Nummer zakje" required={required('bagNumber')} />
          </FieldCell>

          <FieldGroupHeading>Toelichting</FieldGroupHeading>
          <FieldCell wide>
            <ReportTextField<OosterwoldeValues> name="additionalInformation" label="Aanvullende informatie" multiline minRows={3} />
          </FieldCell>
          <FieldCell wide>
            <ReportTextField<OosterwoldeValues> name="takenActions" label="Ondernomen acties" multiline minRows={2} />
          </FieldCell>
          <FieldCell wide>
            <PhotoField<OosterwoldeValues> name="photo" onUploadingChange={setUploading} />
          </FieldCell>
        </ReportForm>
      </DatePickersProvider>
    </FormProvider>
  );
}
