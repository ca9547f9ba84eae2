import Box from '@mui/material/Box';
import type { SxProps, Theme } from '@mui/material/styles';
import { createContext, type ReactNode, type Ref } from 'react';
import { FormProvider, type FieldErrors, type FieldValues, type UseFormReturn } from 'react-hook-form';
import { submitHandler } from '@/lib/forms/submit';
import { ErrorSummary } from './error-summary';

export interface FormOptions {
  /** A message the server gave for a field clears when the field loses focus (the report forms, the product's validation rules). */
  clearServerErrorsOnBlur: boolean;
}

export const FormOptionsContext = createContext<FormOptions>({ clearServerErrorsOnBlur: false });

interface FormProps<TForm extends FieldValues, TContext, TOut> {
  /** What useForm returned: the fields inside are bound to it by name. */
  form: UseFormReturn<TForm, TContext, TOut>;
  /** Runs with the parsed payload once the form's checks pass. */
  onSubmit: (payload: TOut) => void | Promise<void>;
  onInvalid?: (errors: FieldErrors<TForm>) => void;
  clearServerErrorsOnBlur?: boolean;
  /** A long form: after a submit, an error summary at its top with links to the fields. */
  errorSummary?: boolean;
  id?: string;
  /** 'search' for a table's filters. */
  role?: 'search';
  'aria-label'?: string;
  'aria-labelledby'?: string;
  formRef?: Ref<HTMLFormElement>;
  sx?: SxProps<Theme>;
  children: ReactNode;
}

/**
 * The form element of every form of the web app. It binds the fields inside to `form` (they take a name, no
 * control), leaves the checks to the resolver (noValidate) and submits through a handler that returns nothing.
 */
export function Form<TForm extends FieldValues, TContext, TOut>({
  form,
  onSubmit,
  onInvalid,
  clearServerErrorsOnBlur = false,
  errorSummary = false,
  formRef,
  children,
  ...props
}: FormProps<TForm, TContext, TOut>) {
  return (
    <FormProvider {...form}>
      <FormOptionsContext.Provider value={{ clearServerErrorsOnBlur }}>
        <Box component="form" ref={formRef} noValidate onSubmit={submitHandler(form.handleSubmit, onSubmit, onInvalid)} {...props}>
          {errorSummary && <ErrorSummary<TForm> />}
          {children}
        </Box>
      </FormOptionsContext.Provider>
    </FormProvider>
  );
}
