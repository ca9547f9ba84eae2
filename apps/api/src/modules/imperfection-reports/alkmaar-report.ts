import { calls } from '@portal/contract';
import { alkmaarDropdownData, readDropdownLists } from './catalogues.js';
import { dutchDate } from '../../lib/dutch-dates.js';
import { FieldErrors } from '../../lib/problems.js';
import { reportVariant } from './report-variant.js';
import { freeText, patientLine } from '../request-forms/submissions.mails.js';

/**
 * The Alkmaar form. Who discovered it and the nature of the complaint must be values of the form's dropdown
 * data; the natures that need a patient and a medicine are the spec's list, checked by the contract.
 */
export const alkmaarReport = reportVariant({
  name: 'Alkmaar',
  call: calls.forms.reportImperfectionInceptionAlkmaar,
  choices: { call: calls.forms.getDropdownDataAlkmaar, read: async (db) => alkmaarDropdownData(await readDropdownLists(db, 'Alkmaar')) },
  accept: async (report, tx) => {
    const lists = await readDropdownLists(tx, 'Alkmaar');
    const errors = new FieldErrors();
    const discoverer = lists.label('discovererComplaint', report.discovererComplaint);
    const nature = lists.label('natureComplaint', report.natureComplaint);
    if (!discoverer) errors.add('discovererComplaint');
    if (!nature) errors.add('natureComplaint');
    errors.throwIfAny();

    return {
      payload: report,
      lines: ({ patient }) => [
        ['Formulier', 'Alkmaar'],
        ['Contactpersoon apotheek', report.pharmacyContactPerson],
        ['Ontdekker van klacht', discoverer],
        ['Aard van klacht', nature],
        ['Anders, namelijk', freeText(report.other)],
        ['Geneesmiddel', report.medicine],
        ['Afdeling', report.department],
        ['Patiënt', patientLine(patient)],
        ['Startslikdatum', dutchDate(report.startSwallowDate)],
        ['Innamedatum', dutchDate(report.intakeDate)],
        ['Innametijd', report.intakeTime],
        ['Einddatum rol', dutchDate(report.scrollEndDate)],
        ['Terugkoppeling', report.feedbackMessage ? (lists.label('feedbackMessage', report.feedbackMessage) ?? report.feedbackMessage) : null],
        ['Telefoonnummer', report.feedbackPhoneNumber],
        ['E-mailadres', report.feedbackEmailAddress],
        ['Uitgebreide omschrijving', freeText(report.detailedDescriptionMessage)],
        ['Direct ondernomen acties', freeText(report.actionsTakenImmediately)],
      ],
    };
  },
});
