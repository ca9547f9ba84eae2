import { feedback } from '@portal/contract';
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError, ConnectionError } from './api-client';

/** `$.orderRows[0].Amount` → `orderrows.0.amount`: the form the keys are compared in. */
function normaliseKey(key: string): string {
  return key
    .trim()
    .replace(/\[(\d+)\]/g, '.$1')
    .replace(/^\$\.?/, '')
    .toLowerCase();
}

export interface MatchedProblemErrors<TName extends string> {
  /** Messages per form field. */
  fields: Partial<Record<TName, string[]>>;
  /** Messages whose key names no field of the form. */
  unmatched: string[];
}

/**
 * The product's error catalogue: each key of a problem document's `errors`, lower-cased and with an optional leading prefix
 * (`request.`, `$.`) tolerated, names the form field its messages belong under.
 */
export function matchProblemErrors<TName extends string>(
  errors: Record<string, string[]> | undefined,
  fieldNames: readonly TName[],
): MatchedProblemErrors<TName> {
  const byKey = new Map(fieldNames.map((name) => [normaliseKey(name), name] as const));
  const fields: Partial<Record<TName, string[]>> = {};
  const unmatched: string[] = [];
  for (const [key, messages] of Object.entries(errors ?? {})) {
    const normalised = normaliseKey(key);
    const dot = normalised.indexOf('.');
    const field = byKey.get(normalised) ?? (dot > 0 ? byKey.get(normalised.slice(dot + 1)) : undefined);
    if (field) (fields[field] ??= []).push(...messages);
    else unmatched.push(...messages);
  }
  return { fields, unmatched };
}

/**
 * Shows the field errors of a 400 answer under the form's fields; other errors leave the form alone.
 * `fieldNames` are the names the server may use (the form's fields, or the payload's when they differ);
 * `fieldOf` maps a payload field to the form field that shows it (patientId → patient). With `focusFirst`,
 * the first field in error gets the focus.
 */
export function applyProblemToForm<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fieldNames: readonly string[],
  options: { fieldOf?: Partial<Record<string, string>>; focusFirst?: boolean; skipTitle?: boolean } = {},
): void {
  if (!(error instanceof ApiError) || error.status !== 400) return;
  const fieldOf = options.fieldOf ?? {};
  const names = [...new Set([...fieldNames, ...Object.keys(fieldOf)])];
  const { fields } = matchProblemErrors(error.problem.errors, names);
  const shown = new Set<string>();
  for (const name of names) {
    // A message that repeats the problem's title, where the screen's alert says that already.
    const messages = options.skipTitle ? fields[name]?.filter((message) => message !== error.problem.title) : fields[name];
    const field = fieldOf[name] ?? name;
    if (!messages?.length || shown.has(field)) continue;
    shown.add(field);
    const fieldError = { type: 'server', message: messages.join(' ') };
    if (options.focusFirst && shown.size === 1) setError(field as Path<T>, fieldError, { shouldFocus: true });
    else setError(field as Path<T>, fieldError);
  }
}

/** The text of a failed action: the screen's own failure message, or the spec's "slow down" on a 429. */
/**
 * What a failure adds to the screen's own message: a 503 says the service is back soon (trying again will help),
 * a 429 says to slow down. Nothing for any other failure.
 */
export function failureNotice(error: unknown): string | undefined {
  if (!(error instanceof ApiError)) return undefined;
  if (error.status === 429) return feedback.tooManyRequests;
  if (error.status === 503) return feedback.serviceUnavailable;
  return undefined;
}

/** Said when a submit got no answer; what was typed stays in the form. */
export const connectionLostText =
  'Geen verbinding met de server. Uw gegevens staan nog in het formulier: controleer uw internetverbinding en probeer het opnieuw.';

export function failureMessage(error: unknown, fallback: string): string {
  if (error instanceof ConnectionError) return connectionLostText;
  if (error instanceof ApiError && error.status === 429) return feedback.tooManyRequests;
  const notice = failureNotice(error);
  // The server (or its database) is down for a moment: the spec's text, and that trying again will help.
  return notice === undefined ? fallback : `${fallback} ${notice}`;
}
