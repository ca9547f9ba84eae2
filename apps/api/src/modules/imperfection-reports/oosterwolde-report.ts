import {
  imperfectionImpactLabels,
  imperfectionLocationLabels,
  missingOosterwoldeFields,
  calls,
} from '@portal/contract';
import { findOosterwoldeChoice, readOosterwoldeCatalogue } from './catalogues.js';
import { dutchDate, dutchTime } from '../../lib/dutch-dates.js';
import { FieldErrors } from '../../lib/problems.js';
import { reportVariant } from './report-variant.js';
import { freeText, patientLine } from '../request-forms/submissions.mails.js';

/**
 * The Oosterwolde form. The subject and the fault must be in the provider's catalogue, the fault must belong
 * to the subject, and the fields the fault's row makes required must be filled in.
 */
export const oosterwoldeReport = reportVariant({
  name: 'Oosterwolde',
  call: calls.forms.reportImperfectionInceptionOosterwolde,
  choices: { call: calls.forms.getImperfectionCatalogueOosterwolde, read: readOosterwoldeCatalogue },
  accept: async (report, tx) => {
    const { subject, fault } = await findOosterwoldeChoice(tx, report.imperfectionAbout, report.imperfectionTypeInception);
    const errors = new FieldErrors();
    if (!subject) errors.add('imperfectionAbout');
    if (!fault || (subject && fault.subject !== subject.name)) errors.add('imperfectionTypeInception');
    if (subject && fault && fault.subject === subject.name) {
      for (const { field, message } of missingOosterwoldeFields(report, fault.requiredFields)) errors.add(field, message);
    }
    errors.throwIfAny();

    return {
      payload: report,
      lines: ({ patient }) => [
        ['Formulier', 'Oosterwolde'],
        ['Afdeling', report.department],
        ['Ontdekker', imperfectionLocationLabels.oosterwolde[report.imperfectionLocation]],
        ['Wat de klacht is', subject!.label],
        ['Klachttype', `${fault!.label} (nr. ${fault!.id})`],
        ['Impact', imperfectionImpactLabels[report.imperfectionImpact]],
        ['Patiënt', patientLine(patient)],
        ['Slikdatum', dutchDate(report.swallowDate)],
        ['Sliktijd', dutchTime(report.swallowDate)],
        ['Naam geneesmiddel en sterkte', report.drugNameAndStrength],
        ['Batchnummer', report.batchNumber],
        ['Nummer zakje', report.bagNumber],
        ['Aanvullende informatie', freeText(report.additionalInformation)],
        ['Ondernomen acties', freeText(report.takenActions)],
      ],
    };
  },
});
