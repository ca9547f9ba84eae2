import { z } from 'zod';
import type { CallDefinition } from '@portal/contract';

/** A call as its door registered it: the roles that may make it, null for a call without a token. */
export interface DocumentedCall {
  call: CallDefinition;
  roles: readonly string[] | null;
}

/** What differs between the documents of two doors. */
export interface DocumentOptions {
  info: { title: string; version: string; description: string };
  securitySchemes: Record<string, unknown>;
  /** how a call says who may make it: the operation's security requirement, none for a call without a token */
  security: (roles: readonly string[] | null) => Record<string, string[]>[] | undefined;
  /** the operation's description, if any */
  describe: (call: CallDefinition, roles: readonly string[] | null) => string | undefined;
  /** the refusals listed for a call, each answered with `problem` */
  statuses: (call: CallDefinition) => readonly number[];
  problem: Record<string, unknown>;
  /** an example of a streamed body's row */
  rowExample?: (call: CallDefinition) => unknown;
  /** whether a submission documents its Idempotency-Key header */
  idempotencyHeader?: boolean;
}

export const jsonSchema = (type: z.ZodType, io: 'input' | 'output') => z.toJSONSchema(type, { io, unrepresentable: 'any' });

function successOf(call: CallDefinition) {
  if (call.response === 'empty') return { 204: { description: 'Gelukt, zonder inhoud' } };
  if (call.response === 'file') return { 200: { description: 'Een bestand', content: { 'application/octet-stream': {} } } };
  const media = call.answer === 'ndjson' ? 'application/x-ndjson' : 'application/json';
  return { 200: { description: 'Gelukt', content: { [media]: { schema: jsonSchema(call.response, 'output') } } } };
}

function requestBodyOf(call: CallDefinition, options: DocumentOptions) {
  const { stream } = call;
  if (stream && 'rows' in stream) {
    const row = jsonSchema(stream.rows, 'input');
    const example = options.rowExample?.(call);
    const withExample = (value: unknown) => (example === undefined ? {} : { example: value });
    return {
      required: true,
      content: {
        'application/x-ndjson': { schema: row, ...withExample(`${JSON.stringify(example)}\n`) },
        'application/json': { schema: { type: 'array', items: row }, ...withExample([example]) },
      },
    };
  }
  if (stream) return { required: true, content: Object.fromEntries(stream.bytes.map((type) => [type, {}])) };
  if (!call.body) return undefined;
  const media = call.bodyEncoding === 'form' ? 'application/x-www-form-urlencoded' : 'application/json';
  return { required: true, content: { [media]: { schema: jsonSchema(call.body, 'input') } } };
}

function parametersOf(schema: z.ZodType | undefined, place: 'query' | 'path') {
  const shape = schema instanceof z.ZodObject ? (schema.shape as Record<string, z.ZodType>) : {};
  return Object.entries(shape).map(([name, type]) => ({ name, in: place, required: place === 'path', schema: jsonSchema(type, 'input') }));
}

function operationOf({ call, roles }: DocumentedCall, options: DocumentOptions) {
  const security = options.security(roles);
  const description = options.describe(call, roles);
  const requestBody = requestBodyOf(call, options);
  const parameters = [
    ...parametersOf(call.params, 'path'),
    ...parametersOf(call.query, 'query'),
    ...(options.idempotencyHeader && call.submission
      ? [{ name: 'Idempotency-Key', in: 'header', schema: { type: 'string', maxLength: 200 }, description: 'A retried request with the same key and body answers the first answer.' }]
      : []),
  ];
  const refusal = call.errorBody
    ? { description: 'Refused', content: { 'application/json': { schema: jsonSchema(call.errorBody, 'output') } } }
    : options.problem;
  return {
    summary: call.summary,
    tags: [call.controller],
    ...(description === undefined ? {} : { description }),
    ...(security ? { security } : {}),
    ...(requestBody ? { requestBody } : {}),
    ...(parameters.length ? { parameters } : {}),
    responses: { ...successOf(call), ...Object.fromEntries(options.statuses(call).map((status) => [status, refusal])) },
  };
}

/**
 * A door's own OpenAPI 3.1 document (architecture: each door documents itself), made from the calls the door
 * registered: their contract schemas, who may make them, and what they may answer.
 */
export function doorDocument(calls: readonly DocumentedCall[], options: DocumentOptions) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const documented of calls) {
    (paths[documented.call.path] ??= {})[documented.call.method.toLowerCase()] = operationOf(documented, options);
  }
  return { openapi: '3.1.0', info: options.info, components: { securitySchemes: options.securitySchemes }, paths };
}
