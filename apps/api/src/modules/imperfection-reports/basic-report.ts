import {
  basicComplaintTypeLabels,
  contactWayLabels,
  imperfectionLocationLabels,
  calls,
} from '@portal/contract';
import { dutchDate } from '../../lib/dutch-dates.js';
import { reportVariant } from './report-variant.js';
import { freeText, patientLine } from '../request-forms/submissions.mails.js';

/** The basic imperfection form: every rule is in the contract's schema; the server adds the references. */
export const basicReport = reportVariant({
  name: 'Basic',
  call: calls.forms.reportImperfection,
  choices: null,
  accept: async (report) => ({
    payload: report,
    lines: ({ patient }) => [
      ['Ontdekker', imperfectionLocationLabels.basic[report.imperfectionLocation]],
      ['Klachttype', basicComplaintTypeLabels[report.imperfectionType]],
      ['Patiënt', patientLine(patient)],
      ['Afdeling', report.department],
      ['Slikdatum', dutchDate(report.swallowDate)],
      ['Naam geneesmiddel', report.drugName],
      ['Sterkte', report.drugStrength],
      ['Aantal', report.drugAmount],
      ['Extra informatie', freeText(report.generalAdditionalInformation)],
      ['Ondernomen acties', freeText(report.takenActions)],
      ['Terugkoppeling via', contactWayLabels[report.feedBackOption]],
      [report.feedBackOption === 'Email' ? 'E-mailadres' : 'Telefoonnummer', report.contactInfo],
    ],
  }),
});
