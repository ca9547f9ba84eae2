import type { FastifySerializerCompiler } from 'fastify';
import { serializerCompiler as checkingSerializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';

/**
 * Set to false by the server's build (scripts/lib/bundle-api.mjs); undefined when the source runs as it is (the
 * tests, `npm run dev`), where every answer is still checked against the contract.
 */
declare const __CHECK_ANSWERS__: boolean | undefined;

type Project = (value: unknown) => unknown;

const same: Project = (value) => value;

/** A string schema whose checks may change the value (trim, lower case) is not passed through as it is. */
const rewritesValue = (schema: z.ZodType) => (schema._zod.def.checks ?? []).some((check) => check._zod.def.check === 'overwrite');

/**
 * The answer as the contract's schema shapes it, without checking it: an object keeps the keys of its shape in
 * the shape's order (what zod's encode gives, which drops undeclared keys), arrays and nullable or optional values
 * are passed through to their items. Whatever else (a union, a default, a transform, a loose object) is handed to
 * zod's encode for that part of the answer alone.
 */
function projector(schema: z.ZodType): Project {
  const def = schema._zod.def;
  switch (def.type) {
    case 'string':
    case 'number':
    case 'boolean':
      return rewritesValue(schema) ? encoded(schema) : same;
    case 'enum':
    case 'literal':
    case 'null':
      return same;
    case 'nullable':
    case 'optional': {
      const inner = projector((def as z.core.$ZodNullableDef<z.ZodType>).innerType);
      return (value) => (value === null || value === undefined ? value : inner(value));
    }
    case 'array': {
      const item = projector((def as z.core.$ZodArrayDef<z.ZodType>).element);
      return item === same ? same : (value) => (Array.isArray(value) ? value.map(item) : value);
    }
    case 'object': {
      const objectDef = def as z.core.$ZodObjectDef;
      // A strict or loose object (a catchall) answers by zod's own rules.
      if (objectDef.catchall) return encoded(schema);
      const fields = Object.entries(objectDef.shape).map(([key, field]) => [key, projector(field as z.ZodType)] as const);
      return (value) => {
        if (typeof value !== 'object' || value === null || Array.isArray(value)) return value;
        const from = value as Record<string, unknown>;
        const out: Record<string, unknown> = {};
        for (const [key, project] of fields) {
          const field = from[key];
          if (field !== undefined) out[key] = project(field);
        }
        return out;
      };
    }
    default:
      return encoded(schema);
  }
}

const encoded =
  (schema: z.ZodType): Project =>
  (value) =>
    z.encode(schema, value as never);

/** Whether answers are checked against their schemas too: not in the server's build. */
export const checkAnswers = typeof __CHECK_ANSWERS__ === 'undefined' || __CHECK_ANSWERS__;

/**
 * The serializer of every answer with a schema: JSON of the answer as its contract schema shapes it, without zod
 * checking our own answer on every request (decision 0102). With `check` (where the source runs unbuilt: the
 * tests, dev) it also encodes the answer with zod as before and fails the answer if the two texts differ, so that
 * every API test checks both that the answer fits the contract and that the shaping gives zod's text byte for byte.
 */
export function answerSerializerCompiler(check: boolean): FastifySerializerCompiler<z.ZodType> {
  return (route) => {
    const checked = checkingSerializerCompiler(route);
    const { schema } = route;
    if (!(schema instanceof z.ZodType)) return checked;
    const project = projector(schema);
    if (!check) return (data) => JSON.stringify(project(data));
    return (data) => {
      const expected = checked(data);
      const text = JSON.stringify(project(data));
      if (text !== expected) throw new Error(`the answer of ${route.method} ${route.url} is shaped differently from zod's encode: ${text} instead of ${expected}`);
      return text;
    };
  };
}
