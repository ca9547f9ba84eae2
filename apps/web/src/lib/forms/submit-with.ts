import type { FieldValues, UseFormReturn } from 'react-hook-form';
import { ApiError } from '@/lib/api-client';
import { applyProblemToForm, matchProblemErrors } from '@/lib/form-errors';

/** The part of a react-query mutation that a form's submit uses. */
interface Submission<TOut, TResult> {
  mutateAsync: (payload: TOut) => Promise<TResult>;
}

interface SubmitOptions<TForm extends FieldValues, TOut, TResult> {
  /**
   * What the form starts afresh with: its default values when absent, these values, those made from what was
   * sent (a subject kept for the next answer), or nothing when `false` (the screen leaves, what was typed stays).
   */
  resetTo?: TForm | ((payload: TOut) => TForm) | false;
  /** Maps a payload field of the server's messages to the form field that shows it (patientId → patient). */
  fieldOf?: Partial<Record<string, string>>;
  /** What else the screen does once the server took the form; the submit waits for it. */
  onSuccess?: (result: TResult, payload: TOut) => void | Promise<void>;
  /**
   * What else the screen does with a failure, before its field messages are shown; `true` when the screen has said
   * all there is to say (a wrong code said by the alert, a next step), and the fields get no message.
   */
  onError?: (error: unknown) => boolean | void;
  /** The screen's alert says the problem's title: a field message that only repeats it is not shown again. */
  titleInAlert?: boolean;
  /** The first field with a message of the server's gets the focus. */
  focusFirst?: boolean;
}

/**
 * The one submit of the web app's forms, which send their payload with a mutation: once the server took it the
 * form starts afresh, and the field messages of a 400 go under the fields they name (`serverFields`, the names
 * the server may use; the product's error catalogue). The screen's notice says the outcome from the mutation's status. The
 * outcome is awaited beside the form, not in it: what follows a success still runs when the screen has swapped
 * the form for another meanwhile (a status re-check), and the fields stay as `disabled` makes them.
 */
export function submitWith<TForm extends FieldValues, TContext, TOut, TResult>(
  form: UseFormReturn<TForm, TContext, TOut>,
  submission: Submission<TOut, TResult>,
  serverFields: readonly string[],
  { resetTo, fieldOf, onSuccess, onError, titleInAlert, focusFirst }: SubmitOptions<TForm, TOut, TResult> = {},
): (payload: TOut) => void {
  const run = async (payload: TOut) => {
    let result: TResult;
    try {
      result = await submission.mutateAsync(payload);
    } catch (error) {
      if (onError?.(error) === true) return;
      applyProblemToForm(error, form.setError, serverFields, { fieldOf, skipTitle: titleInAlert, focusFirst });
      return;
    }
    if (resetTo !== false) form.reset(typeof resetTo === 'function' ? resetTo(payload) : resetTo);
    await onSuccess?.(result, payload);
  };
  return (payload) => void run(payload);
}

/**
 * Whether submitWith said all of a failure at the fields: a 400 whose every message names one of `serverFields`
 * (or of `fieldOf`'s payload fields). The screen's alert keeps away then, and says any other failure.
 */
export function saidAtFields(error: unknown, serverFields: readonly string[], fieldOf: Partial<Record<string, string>> = {}): boolean {
  if (!(error instanceof ApiError) || error.status !== 400) return false;
  return matchProblemErrors(error.problem.errors, [...serverFields, ...Object.keys(fieldOf)]).unmatched.length === 0;
}
