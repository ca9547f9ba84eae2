import Box from '@mui/material/Box';
import { calls, feedback } from '@portal/contract';
import { useForm } from 'react-hook-form';
import { FormTextField } from '@/components/form/form-text-field';
import { payloadResolver } from '@/lib/forms/payload-resolver';
import { submitWith } from '@/lib/forms/submit-with';
import { paths } from '@/lib/paths';
import { useRequestNewProduct } from '../api/request-new-product';
import { RequestFormCard, twoColumns } from './request-form-card';

export interface NewProductFormValues {
  drugName: string;
  drugStrength: string;
  consumptionPerWeek: string;
  amountOfPatients: string;
  ziNumber: string;
  reason: string;
}

const defaults: NewProductFormValues = {
  drugName: '',
  drugStrength: '',
  consumptionPerWeek: '',
  amountOfPatients: '',
  ziNumber: '',
  reason: '',
};

export const newProductTexts = { submit: 'Product aanvragen' } as const;

const payloadFields = ['drugName', 'drugStrength', 'consumptionPerWeek', 'amountOfPatients', 'ziNumber', 'reason'] as const;

function toPayload(values: NewProductFormValues) {
  return {
    ...values,
    // The product's validation rules: sent as 0 when left empty.
    amountOfPatients: values.amountOfPatients === '' ? 0 : Number(values.amountOfPatients),
    ziNumber: values.ziNumber.trim() === '' ? null : values.ziNumber,
  };
}

const resolver = payloadResolver(calls.forms.requestNewProduct.body, toPayload);

/** Product aanvragen: ask for a medicine to be added to the assortment. */
export function NewProductForm() {
  const request = useRequestNewProduct();
  const form = useForm({ defaultValues: defaults, resolver });
  const busy = request.isPending;

  return (
    <RequestFormCard
      title={paths.forms.requestNewProduct.title}
      form={form}
      onSubmit={submitWith(form, request, payloadFields, { resetTo: defaults })}
      request={request}
      succeededMessage={feedback.newProductSucceeded}
      failedMessage={feedback.newProductFailed}
      submitLabel={newProductTexts.submit}
    >
      <FormTextField<NewProductFormValues> name="drugName" label="Naam geneesmiddel" required disabled={busy} />
      <Box sx={twoColumns}>
        <FormTextField<NewProductFormValues> name="drugStrength" label="Geneesmiddel sterkte" required disabled={busy} helperText="Bijvoorbeeld 500 mg" />
        <FormTextField<NewProductFormValues>
          name="consumptionPerWeek"
          label="Verbruik per week"
          required
          disabled={busy}
          helperText="Bijvoorbeeld 14 tabletten"
        />
        <FormTextField<NewProductFormValues>
          name="amountOfPatients"
          label="Aantal patiënten"
          digits={6}
          disabled={busy}
          helperText="Leeg laten als dit nog niet bekend is"
          slotProps={{ htmlInput: { inputMode: 'numeric' } }}
        />
        <FormTextField<NewProductFormValues> name="ziNumber" label="ZI-nummer" disabled={busy} helperText="Optioneel" />
      </Box>
      <FormTextField<NewProductFormValues> name="reason" label="Reden" required multiline minRows={3} disabled={busy} />
    </RequestFormCard>
  );
}
