import { z } from 'zod';
import { isoDate, isoTime } from '../fields.js';
import { validation as v } from '../messages.js';
import { problemDocument } from '../problem.js';

/**
 * What the integration says of a row it refuses, and of a batch it refuses as a whole (issue 29.5): a machine
 * code from this closed list, the field it concerns (`lines[2].quantity`, indexes from 0; an unknown field by
 * its own name) and the Dutch reason, which says what form the value must have where there is one.
 */
export const importErrorCodes = [
  /** a field the row's kind does not have (a misspelt name: `bagcount`) */
  'unknown_field',
  /** a field that must be there, absent, null or empty */
  'required',
  /** not a day of the calendar as `YYYY-MM-DD` */
  'invalid_date',
  /** not a time as `HH:MM` */
  'invalid_time',
  /** not a number, not a whole number where one is needed, or outside the field's range */
  'invalid_number',
  /** not one of the values of an enumeration (a status) */
  'not_allowed',
  /** a text (or a list) longer than the field holds, or a row longer than a row may be */
  'too_long',
  /** a value of the wrong type or form (a list where a text belongs, a ZI number with letters) */
  'invalid_value',
  /** text with a character the database cannot store (NUL, a lone surrogate, U+FFFD) */
  'unstorable_text',
  /**
   * a row older (by its version) than the row kept: counted in `stale` and not listed among the rejections,
   * since nothing is wrong with it (decision 0069); the code names it where a stale row is spoken of
   */
  'stale_version',
  /** the version kept, with other content */
  'version_conflict',
  /** a customer, department or product the row names that the portal does not have (for this customer) */
  'unknown_reference',
  /** a key to delete that the portal does not hold */
  'unknown_key',
  /** the same key twice in one batch: the earlier row is replaced by the later */
  'duplicate_key',
  /** a value that must be unique besides the key (a department's name, an invoice's month) and is taken */
  'not_unique',
  /** a row a deletion keeps because other rows still need it */
  'still_referenced',
  /** a row of another customer than the snapshot's */
  'other_customer',
  /** a line that is not JSON */
  'invalid_json',
  /** any other fault of a row */
  'invalid_row',
  /** a body that is no list of rows (not a JSON array, not closed, a file without its header) */
  'invalid_body',
  /** a body that is not UTF-8 and not Windows-1252 */
  'invalid_encoding',
  /** a snapshot or delete list that would delete more than the guard allows, unconfirmed */
  'delete_guard',
  /** a reconciliation range with more rows than one answer lists */
  'too_many_rows',
] as const;
export const importErrorCode = z.enum(importErrorCodes);
export type ImportErrorCode = z.infer<typeof importErrorCode>;

/** A rejected row of a batch: where it was, what was wrong, and the Dutch reason. */
export const importRejection = z.object({
  /** The row's line in an NDJSON body, its position (from 1) in a JSON array, or its line in a file. */
  line: z.int(),
  key: z.string().nullable(),
  /** The first fault's code; `reason` names every fault. Rejections kept from before codes existed read `invalid_row`. */
  code: importErrorCode,
  /** The field of the first fault as a path (`lines[2].quantity`, indexes from 0); null where the row as a whole is meant. */
  field: z.string().nullable(),
  reason: z.string(),
});
export type ImportRejection = z.infer<typeof importRejection>;

/**
 * How a batch or reconciliation is refused: the problem document, and for input refused as a whole (400, 422)
 * the code and, where one is meant, the field (RFC 9457 extension members).
 */
export const importProblem = problemDocument.extend({
  code: importErrorCode.optional(),
  field: z.string().nullable().optional(),
});

/** The Dutch words of the integration's rejections and refusals that the row schemas do not say themselves. */
export const importErrorText = {
  expectedDate: 'verwacht JJJJ-MM-DD',
  expectedTime: 'verwacht UU:MM',
  expectedInteger: (min: number, max: number) => `verwacht een geheel getal van ${min} tot en met ${max}`,
  expectedNumber: (min: number, max: number) => `verwacht een getal van ${min} tot en met ${max}`,
  expectedOneOf: (values: readonly unknown[]) => `verwacht een van: ${values.join(', ')}`,
  expectedBoolean: 'verwacht true of false',
  expectedText: 'verwacht tekst',
  expectedList: 'verwacht een lijst',
  expectedObject: 'verwacht een object met velden',
  didYouMean: (field: string) => `bedoelt u ${field}?`,
  unknownCustomer: (code: string) => `Onbekende klant: ${code}`,
  otherCustomer: (code: string | null) => `Deze rij hoort niet bij klant ${code}, de klant van deze momentopname`,
  replacedBy: (line: number) => `Vervangen door regel ${line} met dezelfde sleutel`,
  unknownKey: 'Onbekende sleutel: niets verwijderd',
  customerRequired: 'Geef de klant op: ?customer=<klantcode>',
  /** The delete guard (decision 0070): what the batch would have deleted, and how the sender says it means it. */
  deleteGuardEmpty: (deleted: number, confirm: string) =>
    `Een lege momentopname zou alle ${deleted} rijen verwijderen: er is niets verwijderd. Bedoelt u dat, ${confirm}.`,
  deleteGuardShare: (what: 'momentopname' | 'verwijderlijst', deleted: number, before: number, percent: number, confirm: string) =>
    `Deze ${what} zou ${deleted} van de ${before} rijen verwijderen, meer dan ${percent}%: er is niets verwijderd. Bedoelt u dat, ${confirm}.`,
  confirmByQuery: 'stuur dan ?confirmDeletes=true mee',
  confirmByFlag: 'geef dan --confirm-deletes mee',
  tooManyRows: (count: number, max: number) =>
    `Dit bereik telt ${count} rijen, meer dan de ${max} die een antwoord noemt: maak het bereik kleiner met from en to`,
  /** Why a run failed when it was not its input: what went wrong, without the server's inner workings. */
  failed: {
    connectionLost: 'De verbinding werd verbroken voordat de batch helemaal binnen was; er is niets van bewaard. Stuur de batch opnieuw.',
    databaseUnavailable: 'De database was even niet bereikbaar; er is niets van de batch bewaard. Stuur de batch opnieuw.',
    statementTimeout: 'De database brak de batch af omdat een stap te lang duurde; er is niets van bewaard. Stuur de rijen in kleinere batches.',
    unknown: 'De batch kon door een fout in het portaal niet worden verwerkt; er is niets van bewaard.',
  },
} as const;

/** One fault of a row, as a rejection says it. */
export interface RowIssue {
  code: ImportErrorCode;
  field: string | null;
  reason: string;
}

/** A path as a sender writes it: `lines[2].department`. */
export function fieldPath(path: readonly PropertyKey[]): string | null {
  let text = '';
  for (const part of path) text += typeof part === 'number' ? `[${part}]` : `${text ? '.' : ''}${String(part)}`;
  return text || null;
}

interface JsonSchemaNode {
  type?: string;
  enum?: unknown[];
  minimum?: number;
  maximum?: number;
  pattern?: string;
  anyOf?: JsonSchemaNode[];
  properties?: Record<string, JsonSchemaNode>;
  items?: JsonSchemaNode;
}

const jsonSchemaOf = (schema: z.ZodType) => z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchemaNode;
// Read off the contract's own fields, so that a date is known by the same rule that checks it.
const datePattern = jsonSchemaOf(isoDate()).pattern;
const timePattern = jsonSchemaOf(isoTime()).pattern;
const documents = new WeakMap<z.ZodType, JsonSchemaNode>();

/** The JSON Schema of the field at `path` (a nullable field's non-null form), as the OpenAPI document shows it. */
function formAt(schema: z.ZodType, path: readonly PropertyKey[]): JsonSchemaNode | undefined {
  let node = documents.get(schema);
  if (!node) documents.set(schema, (node = jsonSchemaOf(schema)));
  const plain = (n: JsonSchemaNode | undefined) => n?.anyOf?.find((branch) => branch.type !== 'null') ?? n;
  let at: JsonSchemaNode | undefined = plain(node);
  for (const part of path) at = plain(typeof part === 'number' ? at?.items : at?.properties?.[String(part)]);
  return at;
}

function valueAt(input: unknown, path: readonly PropertyKey[]): unknown {
  let at = input;
  for (const part of path) at = typeof at === 'object' && at !== null ? (at as Record<PropertyKey, unknown>)[part] : undefined;
  return at;
}

/** What a value must look like, by its field's form; and the code of a value that does not. */
function expectation(form: JsonSchemaNode | undefined): { code: ImportErrorCode; expected: string } | null {
  if (!form) return null;
  if (form.enum) return { code: 'not_allowed', expected: importErrorText.expectedOneOf(form.enum) };
  if (form.type === 'integer' || form.type === 'number') {
    const range = form.type === 'integer' ? importErrorText.expectedInteger : importErrorText.expectedNumber;
    return { code: 'invalid_number', expected: range(form.minimum ?? Number.MIN_SAFE_INTEGER, form.maximum ?? Number.MAX_SAFE_INTEGER) };
  }
  if (form.type === 'string' && form.pattern === datePattern) return { code: 'invalid_date', expected: importErrorText.expectedDate };
  if (form.type === 'string' && form.pattern === timePattern) return { code: 'invalid_time', expected: importErrorText.expectedTime };
  if (form.type === 'boolean') return { code: 'invalid_value', expected: importErrorText.expectedBoolean };
  if (form.type === 'array') return { code: 'invalid_value', expected: importErrorText.expectedList };
  if (form.type === 'object') return { code: 'invalid_value', expected: importErrorText.expectedObject };
  if (form.type === 'string') return { code: 'invalid_value', expected: importErrorText.expectedText };
  return null;
}

const said = (field: string | null, message: string, expected?: string) =>
  `${field ? `${field}: ` : ''}${message}${expected ? ` (${expected})` : ''}`;

/**
 * The faults of a row its kind's schema refused, each with its code, its field and a reason that says what the
 * field expects: read from the schema's own JSON Schema (the OpenAPI document's), so the words follow the rules.
 */
export function rowIssues(schema: z.ZodType, error: z.ZodError, input: unknown): RowIssue[] {
  const issues: RowIssue[] = [];
  // An unknown field first: a misspelt name is why the field it meant is missing.
  const ordered = [...error.issues].sort((a, b) => Number(b.code === 'unrecognized_keys') - Number(a.code === 'unrecognized_keys'));
  for (const issue of ordered) {
    if (issue.code === 'unrecognized_keys') {
      const known = Object.keys(formAt(schema, issue.path)?.properties ?? {});
      for (const key of issue.keys) {
        const field = fieldPath([...issue.path, key]);
        const meant = known.find((name) => name.toLowerCase() === key.toLowerCase());
        issues.push({ code: 'unknown_field', field, reason: said(field, v.unknownField, meant ? importErrorText.didYouMean(meant) : undefined) });
      }
      continue;
    }
    const field = fieldPath(issue.path);
    const value = valueAt(input, issue.path);
    if (issue.path.length === 0) {
      issues.push({ code: 'invalid_row', field: null, reason: said(null, issue.message, importErrorText.expectedObject) });
    } else if (value === undefined || value === null || (typeof value === 'string' && value.trim() === '')) {
      issues.push({ code: 'required', field, reason: said(field, v.required) });
    } else if (issue.message === v.unstorableText) {
      issues.push({ code: 'unstorable_text', field, reason: said(field, issue.message) });
    } else if (issue.code === 'too_big' && (issue.origin === 'string' || issue.origin === 'array')) {
      issues.push({ code: 'too_long', field, reason: said(field, issue.message) });
    } else {
      const form = expectation(formAt(schema, issue.path));
      const code = form?.code ?? 'invalid_value';
      // A field's own message for a wrong type is often its 'required' (zod says so for any type): not what happened here.
      const message = code === 'invalid_date' ? v.invalidDate : issue.code === 'invalid_type' ? v.invalidValue : issue.message;
      issues.push({ code, field, reason: said(field, message, form?.expected) });
    }
  }
  // Two checks of one field may say the same (a date's form and its day): said once.
  return issues.filter((issue, index) => issues.findIndex((other) => other.reason === issue.reason) === index);
}

/** A row's faults as one rejection: the first's code and field, every fault's reason. */
export function rejectionOf(issues: readonly RowIssue[]): Pick<ImportRejection, 'code' | 'field' | 'reason'> {
  const [first] = issues;
  return { code: first?.code ?? 'invalid_row', field: first?.field ?? null, reason: issues.map((i) => i.reason).join('; ') || v.invalidValue };
}
