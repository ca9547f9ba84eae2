import { z } from 'zod';
import * as contract from '@portal/contract';
import { importKinds, type CallDefinition } from '@portal/contract';

/*
 * Which calls of the contract carry patient data (issue 28): derived from the contract's own schemas, as the
 * tenancy test derives its tables from the database, so that a call added later is on the list without anyone
 * remembering to put it there.
 */

/** Fields that name a patient: the patient chosen in a form, a patient found or shown, a patient's birth date. */
const patientFields = new Set(['patient', 'patients', 'patientId', 'patientName', 'patientBirthDate', 'patientGender', 'birthDate']);
/** Free text the provider wrote about a customer's submission, which names the submission's patient freely. */
const textsAboutPatients = new Set(['answers']);
/** A form's free text of this length or longer may name any patient (a question, a reason). */
const longFreeText = 4000;

/** Every call of the contract, of every door, once. */
export function everyCall(): CallDefinition[] {
  const found = new Map<string, CallDefinition>();
  const walk = (value: unknown, depth: number) => {
    if (value === null || typeof value !== 'object' || value instanceof z.ZodType || depth > 4) return;
    const candidate = value as Partial<CallDefinition>;
    if (typeof candidate.method === 'string' && typeof candidate.path === 'string' && typeof candidate.controller === 'string') {
      found.set(`${candidate.method} ${candidate.path}`, value as CallDefinition);
      return;
    }
    for (const inner of Object.values(value)) walk(inner, depth + 1);
  };
  walk(contract, 0);
  return [...found.values()];
}

export const callName = (call: CallDefinition) => `${call.controller}/${call.action}`;

interface Field {
  name: string;
  type: unknown;
  maxLength?: number;
}

/** Every named field of a schema, at any depth, as JSON Schema describes it. */
function fieldsOf(schema: z.ZodType | undefined, io: 'input' | 'output'): Field[] {
  if (!schema) return [];
  const fields: Field[] = [];
  const walk = (node: unknown) => {
    if (node === null || typeof node !== 'object') return;
    if (Array.isArray(node)) return node.forEach(walk);
    const { properties } = node as { properties?: Record<string, Field> };
    for (const [name, property] of Object.entries(properties ?? {})) fields.push({ ...property, name });
    Object.values(node).forEach(walk);
  };
  walk(z.toJSONSchema(schema, { io, unrepresentable: 'any' }));
  return fields;
}

const requestFields = (call: CallDefinition) => [
  ...fieldsOf(call.body, 'input'),
  ...fieldsOf(call.query, 'input'),
  ...fieldsOf(call.params, 'input'),
  ...fieldsOf(call.stream && 'rows' in call.stream ? call.stream.rows : undefined, 'input'),
];
const answerFields = (call: CallDefinition) => fieldsOf(call.response instanceof z.ZodType ? call.response : undefined, 'output');

/** A patient's field, not a count of patients. */
const namesPatient = (field: Field) => patientFields.has(field.name) && field.type !== 'integer' || field.name === 'patientId';
const carriesPatientFields = (fields: Field[]) => fields.some((field) => namesPatient(field) || textsAboutPatients.has(field.name));

/** The sort columns a table's request or an export's body takes: an export and its table share them. */
const sortColumnsOf = (call: CallDefinition) => {
  const sortBy = requestFields(call).find((field) => field.name === 'sortBy');
  const values = JSON.stringify(sortBy ?? {}).match(/"enum":\[[^\]]*\]/g) ?? [];
  return values.length ? values.join() : null;
};

/**
 * The calls whose request or answer carries patient data, each with why: a field naming a patient; a form's long
 * free text; an export of a table that does; an upload a form of a patient takes; a batch or deletion of a kind
 * whose rows are patients; the rejected rows of any kind's runs (patients' keys among them).
 */
export function patientDataCalls(calls: CallDefinition[] = everyCall()): Map<string, string> {
  const found = new Map<string, string>();
  const direct = calls.filter((call) => carriesPatientFields([...requestFields(call), ...answerFields(call)]));
  const tablesWithPatients = new Set(direct.map(sortColumnsOf).filter((columns) => columns !== null));
  const takenWithPatient = new Set(direct.flatMap((call) => fieldsOf(call.body, 'input').map((field) => field.name)));
  const patientKinds = Object.entries(importKinds)
    .filter(([, kind]) => carriesPatientFields(fieldsOf(kind.row, 'input')))
    .map(([name]) => name);
  for (const call of calls) {
    const name = callName(call);
    if (direct.includes(call)) found.set(name, 'a field names a patient');
    else if (call.submission && fieldsOf(call.body, 'input').some((field) => (field.maxLength ?? 0) >= longFreeText)) found.set(name, "a form's free text");
    else if (call.response === 'file' && tablesWithPatients.has(sortColumnsOf(call) ?? '')) found.set(name, 'an export of a table naming patients');
    else if (call.multipart && answerFields(call).some((field) => takenWithPatient.has(field.name))) found.set(name, "an upload a patient's form takes");
    else if (call.stream && call.roles?.some((role) => patientKinds.includes(role))) found.set(name, 'a batch of patients');
    else if (call.path.startsWith(contract.integrationBasePath) && !call.roles?.length && answerFields(call).some((field) => field.name === 'key')) {
      found.set(name, "the rejected rows of a run (patients' keys among them)");
    }
  }
  return found;
}
