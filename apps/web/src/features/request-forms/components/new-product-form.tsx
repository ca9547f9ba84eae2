import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import TextField from '@mui/material/TextField';
import { calls, feedback } from '@portal/contract';
import { Controller, useForm } from 'react-hook-form';
import { FormStatus, formStateOf } from '@/components/form-status';
import { FormTextField } from '@/components/form/form-text-field';
import { applyProblemToForm, failureMessage } from '@/lib/form-errors';
import { paths } from '@/lib/paths';
import { useRequestNewProduct } from '../api/request-new-product';
import { payloadResolver } from '../utils/payload-resolver';
import { FilingAs } from './filing-as';

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
    // Spec section 5: sent as 0 when left empty.
    amountOfPatients: values.amountOfPatients === '' ? 0 : Number(values.amountOfPatients),
    ziNumber: values.ziNumber.trim() === '' ? null : values.ziNumber,
  };
}

const resolver = payloadResolver(calls.forms.requestNewProduct.body, toPayload);

/** Product aanvragen: ask for a medicine to be added to the assortment. */
export function NewProductForm() {
  const request = useRequestNewProduct();
  const { control, handleSubmit, reset, setError } = useForm({ defaultValues: defaults, resolver });

  const onSubmit = handleSubmit((body) =>
    request.mutate(body, {
      onSuccess: () => reset(defaults),
      onError: (error) => applyProblemToForm(error, setError, payloadFields),
    }),
  );

  const busy = request.isPending;

  return (
    <Card sx={{ maxWidth: 760 }}>
      <CardContent>
        <FilingAs />
        <FormStatus
          state={formStateOf(request)}
          successMessage={feedback.newProductSucceeded}
          errorMessage={failureMessage(request.error, feedback.newProductFailed)}
        />
        <Box component="form" noValidate onSubmit={onSubmit} aria-label={paths.forms.requestNewProduct.title}>
          <FormTextField control={control} name="drugName" label="Naam geneesmiddel" required disabled={busy} />
          <Box sx={{ display: 'grid', columnGap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'repeat(2, minmax(0, 1fr))' } }}>
            <FormTextField control={control} name="drugStrength" label="Geneesmiddel sterkte" required disabled={busy} helperText="Bijvoorbeeld 500 mg" />
            <FormTextField
              control={control}
              name="consumptionPerWeek"
              label="Verbruik per week"
              required
              disabled={busy}
              helperText="Bijvoorbeeld 14 tabletten"
            />
            <Controller
              control={control}
              name="amountOfPatients"
              render={({ field, fieldState }) => (
                <TextField
                  name={field.name}
                  value={field.value}
                  onChange={(event) => field.onChange(event.target.value.replace(/\D/g, '').slice(0, 6))}
                  onBlur={field.onBlur}
                  inputRef={field.ref}
                  label="Aantal patiënten"
                  disabled={busy}
                  error={Boolean(fieldState.error)}
                  helperText={fieldState.error?.message ?? 'Leeg laten als dit nog niet bekend is'}
                  slotProps={{ htmlInput: { inputMode: 'numeric' } }}
                />
              )}
            />
            <FormTextField control={control} name="ziNumber" label="ZI-nummer" disabled={busy} helperText="Optioneel" />
          </Box>
          <FormTextField control={control} name="reason" label="Reden" required multiline minRows={3} disabled={busy} />
          <Box sx={{ mt: 2 }}>
            <Button type="submit" variant="contained" loading={busy}>
              {newProductTexts.submit}
            </Button>
          </Box>
        </Box>
      </CardContent>
    </Card>
  );
}
