import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import { feedback } from '@portal/contract';
import { useId, type ReactNode } from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import { Form } from '@/components/form/form';
import { failureMessage } from '@/lib/form-errors';
import { saidAtFields } from '@/lib/forms/submit-with';

/** What the dialog's save call tells the form: whether it runs, and how it failed. */
export interface DialogSave {
  isPending: boolean;
  isError: boolean;
  error: unknown;
}

interface DialogFormProps<TForm extends FieldValues, TContext, TOut> {
  form: UseFormReturn<TForm, TContext, TOut>;
  onSubmit: (payload: TOut) => void | Promise<void>;
  save: DialogSave;
  /** The fields the server's messages may name: a failure naming only these is said at them, not above the form. */
  serverFields: readonly string[];
  /** The id of the dialog's title, which names the form. */
  titleId: string;
  onCancel: () => void;
  children: ReactNode;
}

/**
 * The content and buttons of a dialog that makes or changes one thing: its fields, above them a failure the fields
 * cannot say, and "Annuleren" and "Opslaan" (which submits the form from outside it, in the dialog's actions).
 */
export function DialogForm<TForm extends FieldValues, TContext, TOut>({ form, onSubmit, save, serverFields, titleId, onCancel, children }: DialogFormProps<TForm, TContext, TOut>) {
  const formId = useId();
  return (
    <>
      <DialogContent>
        <Form form={form} id={formId} aria-labelledby={titleId} onSubmit={onSubmit}>
          {save.isError && !saidAtFields(save.error, serverFields) && (
            <Alert severity="error" sx={{ mb: 2 }}>
              {failureMessage(save.error, feedback.serverError)}
            </Alert>
          )}
          {children}
        </Form>
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel} disabled={save.isPending}>
          Annuleren
        </Button>
        <Button type="submit" form={formId} variant="contained" loading={save.isPending}>
          Opslaan
        </Button>
      </DialogActions>
    </>
  );
}
