import type { FieldErrors, FieldValues, Path, Resolver } from 'react-hook-form';
import type { z } from 'zod';

/** Where a payload field's message shows, when the form field is named otherwise (patientId → patient). */
export type FieldOf<TForm extends FieldValues> = Partial<Record<string, Path<TForm>>>;

/** Messages by payload field; a field without a message is left out or undefined. */
export type FieldMessages = Partial<Record<string, string | undefined>>;

/** A list of `{ field, message }` (as the contract's cross-field rules answer) as messages by field, first kept. */
export function messagesByField(list: readonly { field: string; message: string }[]): FieldMessages {
  const messages: FieldMessages = {};
  for (const { field, message } of list) messages[field] ??= message;
  return messages;
}

interface PayloadResolverOptions<TForm extends FieldValues, TRaw, TContext> {
  fieldOf?: FieldOf<TForm>;
  /**
   * The rules beside the schema: those only the form knows (date limits measured from today), and those that
   * span fields. zod skips an object's refinements once a field's check has aborted (an empty required text
   * does), so such a rule is given here to be reported together with the other messages at once.
   */
  rule?: (payload: TRaw, values: TForm, context: TContext) => FieldMessages;
}

/**
 * The one resolver of the web app's forms. It judges the payload the form will send (`toPayload`) by the contract's own schema, so that the form shows exactly the messages the server
 * would answer, each under the form field that holds its payload field. The submit handler receives the parsed
 * payload.
 */
export function payloadResolver<TForm extends FieldValues, TSchema extends z.ZodType, TRaw = TForm, TContext = unknown>(
  schema: TSchema,
  toPayload: (values: TForm) => TRaw,
  options: PayloadResolverOptions<TForm, TRaw, TContext> = {},
): Resolver<TForm, TContext, z.output<TSchema>> {
  return async (values, context) => {
    const payload = toPayload(values);
    const result = await schema.safeParseAsync(payload);
    const messages: Record<string, { type: string; message: string }> = {};
    const add = (field: string, type: string, message: string) => {
      const name = options.fieldOf?.[field] ?? field;
      messages[name] ??= { type, message };
    };
    if (!result.success) {
      for (const issue of result.error.issues) add(String(issue.path[0] ?? 'root'), issue.code, issue.message);
    }
    for (const [field, message] of Object.entries(options.rule?.(payload, values, context as TContext) ?? {})) {
      if (message) add(field, 'rule', message);
    }
    if (result.success && Object.keys(messages).length === 0) return { values: result.data, errors: {} };
    return { values: {}, errors: messages as FieldErrors<TForm> };
  };
}

/** The resolver of a form whose values are the payload itself. */
export function schemaResolver<TSchema extends z.ZodType<unknown, FieldValues>>(schema: TSchema) {
  return payloadResolver(schema, (values: z.input<TSchema>) => values);
}
