import {
  imperfectionImpactLabels,
  imperfectionLocationLabels,
  missingOosterwoldeFields,
  type calls,
  type ParsedBodyOf,
} from '@portal/contract';
import { submitForm } from '../../lib/submissions.js';
import { findOosterwoldeChoice } from './catalogues.js';
import { dutchDate, dutchTime } from '../../lib/dutch-dates.js';
import { FieldErrors } from '../../lib/problems.js';
import { patientReference, patientText, photoReference, photoText, type ReportContext } from './report-parts.js';

export type OosterwoldeReport = ParsedBodyOf<typeof calls.forms.reportImperfectionInceptionOosterwolde>;

/**
 * The Oosterwolde form. The subject and the fault must be in the provider's catalogue, the fault must belong
 * to the subject, and the fields the fault's row makes required must be filled in.
 */
export async function reportImperfectionOosterwolde(context: ReportContext, report: OosterwoldeReport): Promise<void> {
  const { subject, fault } = await findOosterwoldeChoice(context.db, report.imperfectionAbout, report.imperfectionTypeInception);
  const errors = new FieldErrors();
  if (!subject) errors.add('imperfectionAbout');
  if (!fault || (subject && fault.subject !== subject.name)) errors.add('imperfectionTypeInception');
  if (subject && fault && fault.subject === subject.name) {
    for (const { field, message } of missingOosterwoldeFields(report, fault.requiredFields)) errors.add(field, message);
  }
  errors.throwIfAny();

  await submitForm(context.db, context.claims, {
    kind: 'ImperfectionOosterwolde',
    payload: report,
    patient: patientReference(report.patientId),
    files: photoReference(report.imageGuid),
    to: context.qualityMailAddress,
    title: 'Melding onvolkomenheden',
    address: context.address,
    lines: ({ patient, files }) => [
      ['Formulier', 'Oosterwolde'],
      ['Afdeling', report.department],
      ['Ontdekker', imperfectionLocationLabels.oosterwolde[report.imperfectionLocation]],
      ['Wat de klacht is', subject!.label],
      ['Klachttype', `${fault!.label} (nr. ${fault!.id})`],
      ['Impact', imperfectionImpactLabels[report.imperfectionImpact]],
      ['Patiënt', patientText(patient)],
      ['Slikdatum', dutchDate(report.swallowDate)],
      ['Sliktijd', dutchTime(report.swallowDate)],
      ['Naam geneesmiddel en sterkte', report.drugNameAndStrength],
      ['Batchnummer', report.batchNumber],
      ['Nummer zakje', report.bagNumber],
      ['Aanvullende informatie', report.additionalInformation],
      ['Ondernomen acties', report.takenActions],
      ['Foto', photoText(files)],
    ],
  });
}
