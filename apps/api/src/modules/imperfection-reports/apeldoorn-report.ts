import { apeldoornCrateKinds, type calls, type ParsedBodyOf } from '@portal/contract';
import { submitForm, type MailLine } from '../../lib/submissions.js';
import { readDropdownLists } from './catalogues.js';
import { dutchMoment } from '../../lib/dutch-dates.js';
import { FieldErrors } from '../../lib/problems.js';
import { patientReference, patientText, photoReference, photoText, type ReportContext } from './report-parts.js';

export type ApeldoornReport = ParsedBodyOf<typeof calls.forms.reportImperfectionInceptionApeldoorn>;

/**
 * The Apeldoorn form: a complaint (isComplaint true) or a photo request (false). Its choices must be values of
 * the form's dropdown data, a complaint kind one of its category's. What the form clears when the switch
 * changes is cleared here too, so that a stale value is neither stored nor mailed.
 */
export async function reportImperfectionApeldoorn(context: ReportContext, sent: ApeldoornReport): Promise<void> {
  const lists = await readDropdownLists(context.db, 'Apeldoorn');
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

  await submitForm(context.db, context.claims, {
    kind: 'ImperfectionApeldoorn',
    payload: report,
    patient: patientReference(report.patientId),
    files: photoReference(report.imageGuid),
    to: context.qualityMailAddress,
    title: report.isComplaint ? 'Melding onvolkomenheden' : 'Foto-opvraag',
    address: context.address,
    lines: ({ patient, files }) => {
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
            ['Ondernomen acties', report.takenActions],
          ]
        : [['Toelichting vraag', report.explanationQuestion]];
      return [
        ['Formulier', 'Apeldoorn'],
        ['Soort melding', report.isComplaint ? 'Klacht' : 'Foto opvraag'],
        ['Van apotheek', report.fromPharmacy],
        ['Van afdeling', report.fromDepartment],
        ['Afdeling', report.departmentName],
        ['Patiënt', patientText(patient)],
        ['Datum en tijd zakje', dutchMoment(report.dateTimeBag)],
        ...complaint,
        [
          'Aanvullende informatie',
          (report.additionalInformation ?? []).map((value) => `- ${label('additionalInformation', value)}`).join('\n'),
        ],
        ...(crateKind ? [] : ([['Betreft afdeling', report.department]] as MailLine[])),
        ['Omschrijving', report.descriptionOther],
        ['Opmerkingen', report.remarks],
        ['Terugkoppeling', label('feedbackMessage', report.feedbackMessage)],
        ['Contactpersoon', report.contactPerson],
        ['E-mailadres', report.emailAddress],
        ['Telefoonnummer', report.phoneNumber],
        ['Foto', photoText(files)],
      ];
    },
  });
}
