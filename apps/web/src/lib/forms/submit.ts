import type { BaseSyntheticEvent } from 'react';
import type { FieldErrors, FieldValues, UseFormHandleSubmit } from 'react-hook-form';

/**
 * A form's submit as JSX wants it: a function that returns nothing. react-hook-form's handleSubmit returns a
 * promise that nobody awaits; what the form does after a submit runs in `onValid` (or `onInvalid`), not after it,
 * and `onValid` handles its own failures.
 */
export function submitHandler<TForm extends FieldValues, TOut>(
  handleSubmit: UseFormHandleSubmit<TForm, TOut>,
  /** May be async: handleSubmit waits for it, and the form counts as submitting meanwhile. */
  onValid: (payload: TOut) => void | Promise<void>,
  onInvalid?: (errors: FieldErrors<TForm>) => void,
): (event?: BaseSyntheticEvent) => void {
  return (event) => void handleSubmit(onValid, onInvalid)(event);
}
