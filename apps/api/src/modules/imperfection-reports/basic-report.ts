import {
  basicComplaintTypeLabels,
  contactWayLabels,
  imperfectionLocationLabels,
  type calls,
  type ParsedBodyOf,
} from '@portal/contract';
import { submitForm } from '../../lib/submissions.js';
import { dutchDate } from '../../lib/dutch-dates.js';
import { patientReference, patientText, photoReference, photoText, type ReportContext } from './report-parts.js';

export type BasicReport = ParsedBodyOf<typeof calls.forms.reportImperfection>;

/** The basic imperfection form: every rule is in the contract's schema; the server adds the references. */
export async function reportImperfection(context: ReportContext, report: BasicReport): Promise<void> {
  await submitForm(context.db, context.claims, {
    kind: 'Imperfection',
    payload: report,
    patient: patientReference(report.patientId),
    files: photoReference(report.imageGuid),
    to: context.qualityMailAddress,
    title: 'Melding onvolkomenheden',
    address: context.address,
    lines: ({ patient, files }) => [
      ['Ontdekker', imperfectionLocationLabels.basic[report.imperfectionLocation]],
      ['Klachttype', basicComplaintTypeLabels[report.imperfectionType]],
      ['Patiënt', patientText(patient)],
      ['Afdeling', report.department],
      ['Slikdatum', dutchDate(report.swallowDate)],
      ['Naam geneesmiddel', report.drugName],
      ['Sterkte', report.drugStrength],
      ['Aantal', report.drugAmount],
      ['Extra informatie', report.generalAdditionalInformation],
      ['Ondernomen acties', report.takenActions],
      ['Terugkoppeling via', contactWayLabels[report.feedBackOption]],
      [report.feedBackOption === 'Email' ? 'E-mailadres' : 'Telefoonnummer', report.contactInfo],
      ['Foto', photoText(files)],
    ],
  });
}
