import type { z } from 'zod';

/**
 * Lenient reading of an answer (architecture: "strict in what we send, lenient in what we accept"): the web
 * app must work against any server of the spec's API, not only ours. An answer that matches the contract is
 * taken as it is; one that does not is repaired field by field against the contract's schema, so that one odd
 * field of one row never blanks a screen:
 * - a code sent as a number where the contract has text (GPK 12345) becomes that text, numeric text where a
 *   number is wanted becomes the number, 'true'/'false'/1/0 become booleans;
 * - a field the answer leaves out (ours beyond the spec, such as faqItemId) gets an empty value of its type;
 * - fields the contract does not name are dropped, as parsing always does.
 * Answers `undefined` only when nothing usable came (not JSON, or not the shape at all: a page of HTML).
 */
export function readLeniently(schema: z.ZodType, value: unknown): { ok: true; data: unknown } | { ok: false } {
  const strict = schema.safeParse(value);
  if (strict.success) return { ok: true, data: strict.data };
  // "returns text": an answer of one text field (the contact details) may come as that text itself.
  const only = soleTextField(schema);
  if (only && typeof value === 'string') return { ok: true, data: { [only]: value } };
  if (value === undefined || value === null || typeof value !== 'object') return { ok: false };
  const kind = definition(schema).type;
  if ((kind === 'array') !== Array.isArray(value) && kind !== 'union') return { ok: false };
  return { ok: true, data: repair(schema, value) };
}

interface Definition {
  type: string;
  innerType?: z.ZodType;
  shape?: Record<string, z.ZodType>;
  element?: z.ZodType;
  options?: z.ZodType[];
  entries?: Record<string, string | number>;
  values?: unknown[];
  in?: z.ZodType;
  defaultValue?: unknown;
}

/** The name of an object schema's one field, when it has exactly one and that is text. */
function soleTextField(schema: z.ZodType): string | null {
  const def = definition(schema);
  if (def.type !== 'object') return null;
  const entries = Object.entries(def.shape!);
  return entries.length === 1 && definition(entries[0]![1]).type === 'string' ? entries[0]![0] : null;
}

const definition = (schema: z.ZodType) => (schema as unknown as { _zod: { def: Definition } })._zod.def;

function repair(schema: z.ZodType, value: unknown): unknown {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  const def = definition(schema);
  switch (def.type) {
    case 'optional':
      return value === undefined || value === null ? undefined : repair(def.innerType!, value);
    case 'nullable':
      return value === undefined || value === null ? null : repair(def.innerType!, value);
    case 'default':
    case 'prefault':
    case 'catch':
    case 'readonly':
      return repair(def.innerType!, value);
    case 'pipe':
      return repair(def.in!, value);
    case 'object': {
      const source = value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
      return Object.fromEntries(Object.entries(def.shape!).map(([key, field]) => [key, repair(field, source[key])]));
    }
    case 'array':
      return Array.isArray(value) ? value.map((item) => repair(def.element!, item)) : [];
    case 'string':
      return typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint' ? String(value) : '';
    case 'number': {
      const number = typeof value === 'string' && value.trim() !== '' ? Number(value) : NaN;
      return Number.isFinite(number) ? number : NaN;
    }
    case 'boolean':
      return value === true || value === 'true' || value === 1 || value === 'True';
    case 'enum': {
      const allowed = Object.values(def.entries!);
      return allowed.find((option) => String(option).toLowerCase() === String(value).toLowerCase()) ?? allowed[0];
    }
    case 'literal':
      return def.values![0];
    case 'union': {
      for (const option of def.options!) {
        const attempt = option.safeParse(value);
        if (attempt.success) return attempt.data;
      }
      return repair(def.options![0]!, value);
    }
    default:
      return value;
  }
}
