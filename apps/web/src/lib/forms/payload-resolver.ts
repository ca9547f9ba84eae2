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
 * The schema the payload is judged by: the contract's, or, where the screen's state decides which of the
 * contract's calls the form sends (the login's code step), the one that state picks.
 */
export type SchemaOf<TSchema extends z.ZodType, TContext> = TSchema | ((context: TContext) => TSchema);

/**
 * The one resolver of the web app's forms, made once beside the form (never in a render). It judges the payload
 * the form will send (`toPayload`) by the contract's own schema, so that the form shows exactly the messages the
 * server would answer, each under the form field that holds its payload field. The submit handler receives the
 * parsed payload. What the payload takes from the screen rather than the fields (an id, a token, the step) comes
 * in through useForm's `context`, which the resolver gets on every check.
 */
export function payloadResolver<TForm extends FieldValues, TSchema extends z.ZodType, TRaw = TForm, TContext = unknown>(
  schema: SchemaOf<TSchema, TContext>,
  toPayload: (values: TForm, context: TContext) => TRaw,
  options: PayloadResolverOptions<TForm, TRaw, TContext> = {},
): Resolver<TForm, TContext, z.output<TSchema>> {
  return async (values, context) => {
    const payload = toPayload(values, context as TContext);
    const judge = typeof schema === 'function' ? schema(context as TContext) : schema;
    const result = await judge.safeParseAsync(payload);
    const messages: Record<string, { type: string; message: string }> = {};
    const add = (field: string, type: string, message: string) => {
      const name = options.fieldOf?.[field] ?? field;
      messages[name] ??= { type, message };
    };
    // A rule speaks of the form's own fields, so it comes first: the schema's message for a payload field that two form
    // fields make (a date and a time) cannot say which of them is wrong, nor how.
    for (const [field, message] of Object.entries(options.rule?.(payload, values, context as TContext) ?? {})) {
      if (message) add(field, 'rule', message);
    }
    if (!result.success) {
      for (const issue of result.error.issues) add(String(issue.path[0] ?? 'root'), issue.code, issue.message);
    }
    if (result.success && Object.keys(messages).length === 0) return { values: result.data as z.output<TSchema>, errors: {} };
    return { values: {}, errors: messages as FieldErrors<TForm> };
  };
}

/** The same resolver for a form whose values are the payload itself (no `toPayload`). */
export function schemaResolver<TSchema extends z.ZodType<unknown, FieldValues>, TContext = unknown>(schema: SchemaOf<TSchema, TContext>) {
  return payloadResolver<z.input<TSchema>, TSchema, z.input<TSchema>, TContext>(schema, (values) => values);
}
