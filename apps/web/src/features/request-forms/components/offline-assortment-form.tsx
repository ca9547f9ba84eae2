import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import { calls, feedback, validation } from '@portal/contract';
import { Controller, useForm } from 'react-hook-form';
import { submitWith } from '@/lib/forms/submit-with';
import { payloadResolver } from '@/lib/forms/payload-resolver';
import { paths } from '@/lib/paths';
import { useRequestOfflineAssortment } from '../api/request-offline-assortment';
import { RequestFormCard } from './request-form-card';

/**
 * The product's screens: the screen shows newDepartment and medicationSet. cureSet stays in the payload (the contract
 * and the provider's mail know it) but is not offered, so it is always sent as false.
 */
export interface OfflineAssortmentFormValues {
  newDepartment: boolean;
  medicationSet: boolean;
}

const defaults: OfflineAssortmentFormValues = { newDepartment: false, medicationSet: false };

export const offlineAssortmentTexts = {
  legend: 'Welke formulieren wilt u ontvangen?',
  newDepartment: 'Formulieren voor een nieuwe afdeling',
  medicationSet: 'Formulieren voor een medicatieset',
  submit: 'Formulieren aanvragen',
} as const;

const options = ['newDepartment', 'medicationSet'] as const;

const resolver = payloadResolver(
  calls.forms.requestOfflineAssortment.body,
  (values: OfflineAssortmentFormValues) => ({ ...values, cureSet: false }),
  {
    // The one message of the group shows under its first box.
    rule: (_payload, values) => (values.newDepartment || values.medicationSet ? {} : { newDepartment: validation.offlineFormsNoneChosen }),
  },
);

const errorId = 'offline-forms-error';

/** Formulieren aanvragen: the paper assortment forms the customer wants sent. */
export function OfflineAssortmentForm() {
  const request = useRequestOfflineAssortment();
  const form = useForm({ defaultValues: defaults, resolver });
  const groupError = form.formState.errors.newDepartment?.message;
  const busy = request.isPending;

  return (
    <RequestFormCard
      title={paths.forms.requestOfflineAssortment.title}
      form={form}
      onSubmit={submitWith(form, request, ['newDepartment', 'cureSet', 'medicationSet'], {
        resetTo: defaults,
        fieldOf: { cureSet: 'newDepartment', medicationSet: 'newDepartment' },
      })}
      request={request}
      succeededMessage={feedback.offlineFormsSucceeded}
      failedMessage={feedback.offlineFormsFailed}
      submitLabel={offlineAssortmentTexts.submit}
      submitGap={1}
    >
      <FormControl component="fieldset" error={Boolean(groupError)} disabled={busy} margin="normal">
        <FormLabel component="legend">{offlineAssortmentTexts.legend}</FormLabel>
        <FormGroup>
          {options.map((name) => (
            <Controller
              key={name}
              control={form.control}
              name={name}
              render={({ field }) => (
                <FormControlLabel
                  label={offlineAssortmentTexts[name]}
                  control={
                    <Checkbox
                      name={field.name}
                      checked={field.value}
                      inputRef={name === 'newDepartment' ? field.ref : undefined}
                      onChange={(event) => {
                        field.onChange(event.target.checked);
                        if (event.target.checked) form.clearErrors('newDepartment');
                      }}
                      slotProps={{ input: { 'aria-describedby': groupError ? errorId : undefined } }}
                    />
                  }
                />
              )}
            />
          ))}
        </FormGroup>
        {groupError ? (
          <FormHelperText id={errorId} role="alert">
            {groupError}
          </FormHelperText>
        ) : null}
      </FormControl>
    </RequestFormCard>
  );
}
