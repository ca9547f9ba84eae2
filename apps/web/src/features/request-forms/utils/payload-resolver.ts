import type { FieldErrors, FieldValues, Path, Resolver } from 'react-hook-form';
import type { z } from 'zod';

/** Where a payload field's messages show on the form, when the form field is named otherwise (patientId → patient). */
export type FieldOf<TForm extends FieldValues> = Partial<Record<string, Path<TForm>>>;

/**
 * A react-hook-form resolver that judges the payload the form will send by the contract's own schema, so that
 * the form shows exactly the messages the server would answer; `extra` adds the rules only the form knows
 * (e.g. the date limits measured from today). The submit handler receives the payload.
 */
export function payloadResolver<TForm extends FieldValues, TSchema extends z.ZodType>(
  schema: TSchema,
  toPayload: (values: TForm) => unknown,
  options: {
    fieldOf?: FieldOf<TForm>;
    extra?: (values: TForm, payload: unknown) => Partial<Record<string, string>>;
  } = {},
): Resolver<TForm, unknown, z.output<TSchema>> {
  return (values) => {
    const payload = toPayload(values);
    const result = schema.safeParse(payload);
    const messages: Record<string, string> = {};
    const add = (field: string, message: string) => {
      const name = options.fieldOf?.[field] ?? field;
      messages[name] ??= message;
    };
    if (!result.success) {
      for (const issue of result.error.issues) add(String(issue.path[0] ?? 'root'), issue.message);
    }
    for (const [field, message] of Object.entries(options.extra?.(values, payload) ?? {})) {
      if (message) add(field, message);
    }
    if (result.success && Object.keys(messages).length === 0) {
      return { values: result.data as z.output<TSchema>, errors: {} };
    }
    const errors = Object.fromEntries(
      Object.entries(messages).map(([name, message]) => [name, { type: 'validation', message }]),
    ) as FieldErrors<TForm>;
    return { values: {}, errors };
  };
}
