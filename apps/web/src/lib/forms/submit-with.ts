import type { FieldValues, UseFormReturn } from 'react-hook-form';
import { applyProblemToForm } from '@/lib/form-errors';

/** The part of a react-query mutation that a form's submit uses. */
interface Submission<TOut> {
  mutate: (payload: TOut, callbacks: { onSuccess: () => void; onError: (error: Error) => void }) => void;
}

interface SubmitOptions<TForm extends FieldValues> {
  /** What the form starts afresh with; its default values when absent. */
  resetTo?: TForm;
  /** Maps a payload field of the server's messages to the form field that shows it (patientId → patient). */
  fieldOf?: Partial<Record<string, string>>;
  /** What else the screen does once the server took the form. */
  onSuccess?: () => void;
  /** The screen's alert says the problem's title: a field message that only repeats it is not shown again. */
  titleInAlert?: boolean;
}

/**
 * The submit of a form that sends its payload with a mutation, as every form here does: once the server took it
 * the form starts afresh, and the field messages of a 400 go under the fields they name (`serverFields`, the
 * names the server may use).
 */
export function submitWith<TForm extends FieldValues, TOut>(
  form: UseFormReturn<TForm, unknown, TOut>,
  submission: Submission<TOut>,
  serverFields: readonly string[],
  { resetTo, fieldOf, onSuccess, titleInAlert }: SubmitOptions<TForm> = {},
): (payload: TOut) => void {
  return (payload) =>
    submission.mutate(payload, {
      onSuccess: () => {
        form.reset(resetTo);
        onSuccess?.();
      },
      onError: (error) => applyProblemToForm(error, form.setError, serverFields, { fieldOf, skipTitle: titleInAlert }),
    });
}
