import { type calls, type ParsedBodyOf } from '@portal/contract';
import { submitForm } from '../../lib/submissions.js';
import { readDropdownLists } from './catalogues.js';
import { dutchDate } from '../../lib/dutch-dates.js';
import { FieldErrors } from '../../lib/problems.js';
import { patientReference, patientText, photoReference, photoText, type ReportContext } from './report-parts.js';

export type AlkmaarReport = ParsedBodyOf<typeof calls.forms.reportImperfectionInceptionAlkmaar>;

/**
 * The Alkmaar form. Who discovered it and the nature of the complaint must be values of the form's dropdown
 * data; the natures that need a patient and a medicine are the spec's list, checked by the contract.
 */
export async function reportImperfectionAlkmaar(context: ReportContext, report: AlkmaarReport): Promise<void> {
  const lists = await readDropdownLists(context.db, 'Alkmaar');
  const errors = new FieldErrors();
  const discoverer = lists.label('discovererComplaint', report.discovererComplaint);
  const nature = lists.label('natureComplaint', report.natureComplaint);
  if (!discoverer) errors.add('discovererComplaint');
  if (!nature) errors.add('natureComplaint');
  errors.throwIfAny();

  await submitForm(context.db, context.claims, {
    kind: 'ImperfectionAlkmaar',
    payload: report,
    patient: patientReference(report.patientId),
    files: photoReference(report.imageGuid),
    to: context.qualityMailAddress,
    title: 'Melding onvolkomenheden',
    address: context.address,
    lines: ({ patient, files }) => [
      ['Formulier', 'Alkmaar'],
      ['Contactpersoon apotheek', report.pharmacyContactPerson],
      ['Ontdekker van klacht', discoverer],
      ['Aard van klacht', nature],
      ['Anders, namelijk', report.other],
      ['Geneesmiddel', report.medicine],
      ['Afdeling', report.department],
      ['Patiënt', patientText(patient)],
      ['Startslikdatum', dutchDate(report.startSwallowDate)],
      ['Innamedatum', dutchDate(report.intakeDate)],
      ['Innametijd', report.intakeTime],
      ['Einddatum rol', dutchDate(report.scrollEndDate)],
      ['Terugkoppeling', report.feedbackMessage ? (lists.label('feedbackMessage', report.feedbackMessage) ?? report.feedbackMessage) : null],
      ['Telefoonnummer', report.feedbackPhoneNumber],
      ['E-mailadres', report.feedbackEmailAddress],
      ['Uitgebreide omschrijving', report.detailedDescriptionMessage],
      ['Direct ondernomen acties', report.actionsTakenImmediately],
      ['Foto', photoText(files)],
    ],
  });
}
