import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError } from '@/lib/api-client';
import { matchProblemErrors } from '@/lib/form-errors';
import type { PayloadFieldMap } from './payload-resolver';

/**
 * Spec section 8: the `errors` of a failed answer, each key lower-cased and with an optional leading prefix
 * tolerated, show under the form field that holds that payload field. They clear when the field loses focus
 * (see `useReportField`).
 */
export function applyServerErrors<TForm extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<TForm>,
  formFields: readonly (keyof TForm & string)[],
  fieldOf: PayloadFieldMap<TForm> = {},
): void {
  if (!(error instanceof ApiError) || error.status !== 400) return;
  const names = [...new Set([...formFields, ...Object.keys(fieldOf)])];
  const { fields } = matchProblemErrors(error.problem.errors, names);
  const shown = new Set<string>();
  for (const name of names) {
    const messages = fields[name];
    const field = fieldOf[name] ?? name;
    if (!messages?.length || shown.has(field) || !formFields.includes(field)) continue;
    shown.add(field);
    setError(field as Path<TForm>, { type: 'server', message: messages.join(' ') }, { shouldFocus: shown.size === 1 });
  }
}
