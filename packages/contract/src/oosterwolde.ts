import { z } from 'zod';
import { validation as v } from './messages.js';

/**
 * The Oosterwolde imperfection form: its subject and fault catalogue is data of the provider (in the database,
 * served by `Forms/GetImperfectionCatalogueOosterwolde`). What stays here is what the code needs to know about
 * it: the fields a fault can make mandatory, their messages, and the rule that checks them, shared by the
 * server (with the fault's row from the database) and the web form (with the fault from the catalogue call).
 */

/**
 * The fields a fault can make mandatory, named as the product's entities names them. `patientName` is the patient
 * choice (payload `patientId`); `swallowTime` is the time part of the payload's `swallowDate`.
 */
export const oosterwoldeRequiredField = z.enum([
  'patientName',
  'swallowDate',
  'swallowTime',
  'drugNameAndStrength',
  'batchNumber',
  'bagNumber',
]);
export type OosterwoldeRequiredField = z.infer<typeof oosterwoldeRequiredField>;

/** The message each conditionally required field shows when it is empty (the product's validation rules). */
export const oosterwoldeRequiredMessages: Record<OosterwoldeRequiredField, string> = {
  patientName: v.patientRequired,
  swallowDate: v.swallowDateRequired,
  swallowTime: v.swallowTimeRequired,
  drugNameAndStrength: v.drugNameAndStrengthRequired,
  batchNumber: v.batchNumberRequired,
  bagNumber: v.bagNumberRequired,
};

/**
 * The field under which each message shows (the key in a 400's `errors`). The swallow time lives in the
 * payload's `swallowDate`, but the form shows its message under its own time field.
 */
export const oosterwoldeRequiredFieldPath: Record<OosterwoldeRequiredField, string> = {
  patientName: 'patientId',
  swallowDate: 'swallowDate',
  swallowTime: 'swallowTime',
  drugNameAndStrength: 'drugNameAndStrength',
  batchNumber: 'batchNumber',
  bagNumber: 'bagNumber',
};

const isBlank = (x: unknown) => x === undefined || x === null || (typeof x === 'string' && x.trim() === '');
const isDateOnly = (x: unknown) => typeof x === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(x.trim());

/**
 * The chosen fault's required fields that a payload leaves empty, each with its field and message. Reads the
 * raw payload (it may have failed other checks already).
 */
export function missingOosterwoldeFields(
  payload: Record<string, unknown>,
  requiredFields: readonly OosterwoldeRequiredField[],
): { field: string; message: string }[] {
  const missing: { field: string; message: string }[] = [];
  for (const required of requiredFields) {
    const empty =
      required === 'patientName'
        ? isBlank(payload.patientId)
        : required === 'swallowTime'
          ? isBlank(payload.swallowDate) || isDateOnly(payload.swallowDate)
          : isBlank(payload[required]);
    if (empty) missing.push({ field: oosterwoldeRequiredFieldPath[required], message: oosterwoldeRequiredMessages[required] });
  }
  return missing;
}

/** One fault of the catalogue: its spec id (1..32), its name (the payload's `imperfectionTypeInception`). */
export const oosterwoldeFault = z.object({
  id: z.int(),
  name: z.string(),
  label: z.string(),
  requiredFields: z.array(oosterwoldeRequiredField),
});
export type OosterwoldeFault = z.infer<typeof oosterwoldeFault>;

/** One subject (the payload's `imperfectionAbout`) with its faults, in the provider's order. */
export const oosterwoldeSubject = z.object({
  name: z.string(),
  label: z.string(),
  faults: z.array(oosterwoldeFault),
});
export type OosterwoldeSubject = z.infer<typeof oosterwoldeSubject>;

export const oosterwoldeCatalogue = z.object({ subjects: z.array(oosterwoldeSubject) });
export type OosterwoldeCatalogue = z.infer<typeof oosterwoldeCatalogue>;
