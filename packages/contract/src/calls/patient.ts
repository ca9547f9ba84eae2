import { z } from 'zod';
import { controller } from '../define.js';
import { validation as v } from '../messages.js';
import { patientSearch } from '../constants.js';
import { isoDate } from '../fields.js';

export const searchPatientsRequest = z.strictObject({
  search: z
    .string({ error: v.patientSearchMinimum(patientSearch.minCharacters) })
    .trim()
    .min(patientSearch.minCharacters, v.patientSearchMinimum(patientSearch.minCharacters))
    .max(100, v.tooLong(100)),
});

export const patientSearchResult = z.object({
  patientId: z.int(),
  patientName: z.string(),
  /** `YYYY-MM-DD` */
  birthDate: isoDate(),
  /** The patient's department. */
  facility: z.string(),
});
export type PatientSearchResult = z.infer<typeof patientSearchResult>;

export const patientCalls = controller('Patient', {
  searchPatients: {
    method: 'POST',
    body: searchPatientsRequest,
    response: z.array(patientSearchResult),
    summary: "The customer's patients matching the typed text (at most patientSearch.maxResults).",
  },
});
