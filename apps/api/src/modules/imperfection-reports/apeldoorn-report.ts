import { apeldoornCrateKinds, calls, type ParsedBodyOf } from '@portal/contract';
import type { MailLine } from '../request-forms/submissions.model.js';
import { apeldoornDropdownData, readDropdownLists } from './catalogues.js';
import { dutchMoment } from '../../lib/dutch-dates.js';
import { FieldErrors } from '../../lib/problems.js';
import { reportVariant } from './report-variant.js';
import { freeText, patientLine } from '../request-forms/submissions.mails.js';

export type ApeldoornReport = ParsedBodyOf<typeof calls.forms.reportImperfectionInceptionApeldoorn>;

/**
 * The Apeldoorn form: a complaint (isComplaint true) or a photo request (false). Its choices must be values of
 * the form's dropdown data, a complaint kind one of its category's. What the form clears when the switch
 * changes is cleared here too, so that a stale value is neither stored nor mailed.
 */
export const apeldoornReport = reportVariant({
  name: 'Apeldoorn',
  call: calls.forms.reportImperfectionInceptionApeldoorn,
  choices: { call: calls.forms.getDropdownDataApeldoorn, read: async (db) => apeldoornDropdownData(await readDropdownLists(db, 'Apeldoorn')) },
  accept: async (sent, tx) => {
    const lists = await readDropdownLists(tx, 'Apeldoorn');
    const report: ApeldoornReport = sent.isComplaint
      ? { ...sent, explanationQuestion: null }
      : { ...sent, complaintCategory: null, complaintKind: null, originFaultDiscovered: null, takenActions: null };
    const crateKind = (apeldoornCrateKinds as readonly (string | null | undefined)[]).includes(report.complaintKind);
    if (!crateKind) report.crateAmount = null;

    const errors = new FieldErrors();
    if (report.isComplaint) {
      const category = report.complaintCategory;
      if (category && !lists.label('complaintCategories', category)) errors.add('complaintCategory');
      if (category && report.complaintKind && !lists.label('complaintKinds', report.complaintKind, category)) {
        errors.add('complaintKind');
      }
      if (report.originFaultDiscovered && !lists.label('originFaultDiscovered', report.originFaultDiscovered)) {
        errors.add('originFaultDiscovered');
      }
    }
    if ((report.additionalInformation ?? []).some((value) => !lists.label('additionalInformation', value))) {
      errors.add('additionalInformation');
    }
    errors.throwIfAny();

    const label = (list: string, value: string | null | undefined, category = '') =>
      value ? (lists.label(list, value, category) ?? value) : null;

    return {
      payload: report,
      title: report.isComplaint ? 'Melding onvolkomenheden' : 'Foto-opvraag',
      lines: ({ patient }) => {
        const complaint: MailLine[] = report.isComplaint
          ? [
              ['Categorie', label('complaintCategories', report.complaintCategory)],
              ['Soort klacht', label('complaintKinds', report.complaintKind, report.complaintCategory ?? '')],
              ...(crateKind
                ? ([
                    ['Aantal kratten', String(report.crateAmount ?? 0)],
                    ['Afdeling van de kratten', report.department],
                  ] as MailLine[])
                : []),
              ['Waar is de fout ontdekt', label('originFaultDiscovered', report.originFaultDiscovered)],
              ['Ondernomen acties', freeText(report.takenActions)],
            ]
          : [['Toelichting vraag', freeText(report.explanationQuestion)]];
        return [
          ['Formulier', 'Apeldoorn'],
          ['Soort melding', report.isComplaint ? 'Klacht' : 'Foto opvraag'],
          ['Van apotheek', report.fromPharmacy],
          ['Van afdeling', report.fromDepartment],
          ['Afdeling', report.departmentName],
          ['Patiënt', patientLine(patient)],
          ['Datum en tijd zakje', dutchMoment(report.dateTimeBag)],
          ...complaint,
          [
            'Aanvullende informatie',
            (report.additionalInformation ?? []).map((value) => `- ${label('additionalInformation', value)}`).join('\n'),
          ],
          ...(crateKind ? [] : ([['Betreft afdeling', report.department]] as MailLine[])),
          ['Omschrijving', freeText(report.descriptionOther)],
          ['Opmerkingen', freeText(report.remarks)],
          ['Terugkoppeling', label('feedbackMessage', report.feedbackMessage)],
          ['Contactpersoon', report.contactPerson],
          ['E-mailadres', report.emailAddress],
          ['Telefoonnummer', report.phoneNumber],
        ];
      },
    };
  },
});
