import type { ParsedBodyOf, calls } from '@portal/contract';
import type { FormSubmission } from './submissions.model.js';
import { fileLine, freeText, patientLine } from './submissions.mails.js';
import { dutchDate, dutchMoment, yesNo } from '../../lib/dutch-dates.js';

type NewProductRequest = ParsedBodyOf<typeof calls.forms.requestNewProduct>;
type ImmediateProductRequest = ParsedBodyOf<typeof calls.forms.requestImmediateProduct>;
type PhotoRequest = ParsedBodyOf<typeof calls.forms.requestPhoto>;
type OfflineAssortmentRequest = ParsedBodyOf<typeof calls.forms.requestOfflineAssortment>;

/*
 * The request forms' lines. Kept: what routes and acts (choices, dates, product names and numbers); withheld:
 * the patient, the upload and the customer's free texts (decision 0079).
 */

export function newProductSubmission(body: NewProductRequest, to: string): FormSubmission {
  return {
    kind: 'NewProduct',
    payload: body,
    to,
    title: 'Aanvraag nieuw product',
    lines: () => [
      ['Naam geneesmiddel', body.drugName],
      ['Geneesmiddel sterkte', body.drugStrength],
      ['Verbruik per week', body.consumptionPerWeek],
      ['Aantal patiënten', String(body.amountOfPatients)],
      ['ZI-nummer', body.ziNumber],
      ['Reden', freeText(body.reason)],
    ],
  };
}

export function immediateProductSubmission(body: ImmediateProductRequest, to: string): FormSubmission {
  return {
    kind: 'ImmediateProduct',
    payload: body,
    patient: { field: 'patientId', patientId: body.patientId },
    files: body.fileGuid ? [{ field: 'fileGuid', fileGuid: body.fileGuid, purposes: ['RollFile'] }] : [],
    to,
    title: 'Aanvraag rollen',
    lines: ({ patient, files }) => [
      ['Patiënt', patientLine(patient)],
      ['Afdeling', body.department],
      ['Soort rol', body.extraScrollIsHolidayScroll ? 'Vakantierol' : 'Extra rol'],
      ['Startdatum', dutchDate(body.startDate)],
      ['Aantal dagen', String(body.amountOfDays)],
      ['Verstuurdatum', dutchDate(body.sendDate)],
      ['Ontvangstdatum', dutchDate(body.receiveDate)],
      ['Bestand', fileLine(files, 'fileGuid', 'Geen bestand meegestuurd')],
      ['Graag teruggebeld worden', yesNo(body.receiveReturnCall)],
    ],
  };
}

export function photoSubmission(body: PhotoRequest, to: string): FormSubmission {
  return {
    kind: 'Photo',
    payload: body,
    patient: { field: 'patientId', patientId: body.patientId },
    to,
    title: 'Aanvraag foto',
    lines: ({ patient }) => [
      ['Patiënt', patientLine(patient)],
      ['Afdeling', body.department],
      ['Datum en tijd van innemen', dutchMoment(body.swallowDateTime)],
      ['Naam medicijn', body.drugName],
      ['Reden aanvraag', freeText(body.reasonOfRequest)],
    ],
  };
}

export function offlineAssortmentSubmission(body: OfflineAssortmentRequest, to: string): FormSubmission {
  return {
    kind: 'OfflineAssortment',
    payload: body,
    to,
    title: 'Aanvraag formulieren',
    lines: () => [
      ['Formulieren nieuwe afdeling', yesNo(body.newDepartment)],
      ['Formulieren cureset', yesNo(body.cureSet)],
      ['Formulieren medicatieset', yesNo(body.medicationSet)],
    ],
  };
}
