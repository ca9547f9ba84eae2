import type { Db } from '../../db/database.js';
import { readableReport } from './readable-reports.js';
import { readableRequest } from './readable-requests.js';
import { fieldsOf, flag, text, type Payload, type ReadableField } from './readable-values.js';

/**
 * A submission as the staff read it: each field the customer filled in under the Dutch label of its form (the
 * labels of the web's forms), its value as text (dates the Dutch way, choices by their Dutch names). Fields left
 * empty are left out; the patient and the uploads have places of their own in the detail. A kind this version
 * does not know shows its fields as sent.
 */
export async function readableForm(db: Db, kind: string, payload: Payload): Promise<ReadableField[]> {
  const lines = readableRequest(kind, payload) ?? (await readableReport(db, kind, payload));
  if (lines) return fieldsOf(lines);
  return fieldsOf(
    Object.entries(payload).map(([key, value]) => [key, typeof value === 'object' && value !== null ? JSON.stringify(value) : (text(value) ?? flag(value))]),
  );
}
