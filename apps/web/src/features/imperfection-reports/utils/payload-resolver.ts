import { zodResolver } from '@hookform/resolvers/zod';
import type { FieldError, FieldErrors, FieldValues, Resolver, ResolverOptions } from 'react-hook-form';
import type { z } from 'zod';

/** Where a payload field's message shows: the form field that holds it (the same name unless mapped). */
export type PayloadFieldMap<TForm extends FieldValues> = Partial<Record<string, keyof TForm & string>>;

/** A rule that depends on other fields: the payload fields it finds missing or wrong, with their messages. */
export type PayloadRule<TContext> = (payload: Record<string, unknown>, context: TContext) => { field: string; message: string }[];

function firstError(error: unknown): FieldError | undefined {
  if (!error || typeof error !== 'object') return undefined;
  if ('message' in error && typeof error.message === 'string') {
    return { type: String((error as { type?: unknown }).type ?? 'validate'), message: error.message };
  }
  for (const nested of Object.values(error)) {
    const found = firstError(nested);
    if (found) return found;
  }
  return undefined;
}

/**
 * Validates a form by the contract, as the server will: the form's values become the call's payload
 * (`toPayload`), the zod resolver checks that payload with the call's schema, and each message goes under the
 * form field that holds its payload field (`fieldOf`). The submit handler receives the parsed payload.
 *
 * `rule` runs beside the schema on every submit. zod skips an object's refinements once a field's check has
 * aborted (an empty required text does), so a rule that spans fields is given here to be reported together
 * with the other messages at once.
 */
export function payloadResolver<TForm extends FieldValues, TSchema extends z.ZodType<unknown, FieldValues>, TContext = unknown>(
  schema: TSchema,
  /** The raw payload: the schema decides whether it is one. */
  toPayload: (values: TForm) => Record<string, unknown>,
  fieldOf: PayloadFieldMap<TForm> = {},
  rule?: PayloadRule<TContext>,
): Resolver<TForm, TContext, z.output<TSchema>> {
  const validate = zodResolver(schema as never) as unknown as Resolver<FieldValues, unknown, z.output<TSchema>>;
  return async (values, context, options) => {
    const payload = toPayload(values);
    const result = await validate(payload as FieldValues, context, {
      ...options,
      fields: {},
      names: undefined,
      shouldUseNativeValidation: false,
    } as unknown as ResolverOptions<FieldValues>);
    const errors: Record<string, FieldError> = {};
    const add = (key: string, error: FieldError | undefined) => {
      const field = fieldOf[key] ?? key;
      if (error && !errors[field]) errors[field] = error;
    };
    for (const [key, error] of Object.entries(result.errors)) add(key, firstError(error));
    for (const { field, message } of rule?.(payload, context as TContext) ?? []) add(field, { type: 'rule', message });
    if (Object.keys(errors).length > 0) return { values: {}, errors: errors as FieldErrors<TForm> };
    return { values: result.values as z.output<TSchema>, errors: {} };
  };
}
