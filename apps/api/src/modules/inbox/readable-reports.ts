import {
  basicComplaintTypeLabels,
  contactWayLabels,
  imperfectionImpactLabels,
  imperfectionLocationLabels,
} from '@portal/contract';
import type { Db } from '../../db/database.js';
import { dutchTime } from '../../lib/dutch-dates.js';
import { findOosterwoldeChoice, readDropdownLists, type DropdownLists } from '../imperfection-reports/catalogues.js';
import { choice, date, moment, text, type Payload, type ReadableLine } from './readable-values.js';

/**
 * The readable lines of the imperfection reports of every site, with the labels of their web forms; the choices
 * of the site catalogues (Oosterwolde's subjects and faults, Apeldoorn's and Alkmaar's dropdowns) by the names
 * the catalogues give them now.
 */

const basicLines = (p: Payload): ReadableLine[] => [
  ['Ontdekker', choice(imperfectionLocationLabels.basic, p.imperfectionLocation)],
  ['Klachttype', choice(basicComplaintTypeLabels, p.imperfectionType)],
  ['Afdeling', text(p.department)],
  ['Slikdatum', date(p.swallowDate)],
  ['Naam geneesmiddel', text(p.drugName)],
  ['Sterkte', text(p.drugStrength)],
  ['Aantal', text(p.drugAmount)],
  ['Extra informatie', text(p.generalAdditionalInformation)],
  ['Ondernomen acties', text(p.takenActions)],
  ['Terugkoppeling via', choice(contactWayLabels, p.feedBackOption)],
  [p.feedBackOption === 'Email' ? 'E-mailadres' : 'Telefoonnummer', text(p.contactInfo)],
];

async function oosterwoldeLines(db: Db, p: Payload): Promise<ReadableLine[]> {
  const subjectName = text(p.imperfectionAbout) ?? '';
  const faultName = text(p.imperfectionTypeInception) ?? '';
  const { subject, fault } = await findOosterwoldeChoice(db, subjectName, faultName);
  const swallow = text(p.swallowDate);
  return [
    ['Afdeling', text(p.department)],
    ['Ontdekker', choice(imperfectionLocationLabels.oosterwolde, p.imperfectionLocation)],
    ['Wat de klacht is', subject?.label ?? subjectName],
    ['Klachttype', fault ? `${fault.label} (nr. ${fault.id})` : faultName],
    ['Impact', choice(imperfectionImpactLabels, p.imperfectionImpact)],
    ['Slikdatum', date(swallow)],
    ['Sliktijd', swallow && swallow.includes('T') ? dutchTime(swallow) : null],
    ['Naam geneesmiddel en sterkte', text(p.drugNameAndStrength)],
    ['Batchnummer', text(p.batchNumber)],
    ['Nummer zakje', text(p.bagNumber)],
    ['Aanvullende informatie', text(p.additionalInformation)],
    ['Ondernomen acties', text(p.takenActions)],
  ];
}

/** A dropdown value by its label in the site's list; a value the list no longer has, as stored. */
const listed = (lists: DropdownLists, list: string, value: unknown, category = '') =>
  typeof value === 'string' ? (lists.label(list, value, category) ?? value) : null;

async function apeldoornLines(db: Db, p: Payload): Promise<ReadableLine[]> {
  const lists = await readDropdownLists(db, 'Apeldoorn');
  const category = text(p.complaintCategory) ?? '';
  const extra = Array.isArray(p.additionalInformation) ? p.additionalInformation : [];
  return [
    ['Klacht/Foto opvraag', typeof p.isComplaint === 'boolean' ? (p.isComplaint ? 'Klacht' : 'Foto opvraag') : null],
    ['Apotheek', text(p.fromPharmacy)],
    ['Afdeling van de melder', text(p.fromDepartment)],
    ['Afdeling', text(p.departmentName)],
    ['Datum en tijd van het zakje', moment(p.dateTimeBag)],
    ['Klachtcategorie', listed(lists, 'complaintCategories', p.complaintCategory)],
    ['Soort klacht', listed(lists, 'complaintKinds', p.complaintKind, category)],
    ['Aantal kratten', text(p.crateAmount)],
    ['Afdeling van de krat', text(p.department)],
    ['Omschrijving', text(p.descriptionOther)],
    ['Waar is de fout ontdekt', listed(lists, 'originFaultDiscovered', p.originFaultDiscovered)],
    ['Aanvullende informatie', extra.map((value) => `- ${listed(lists, 'additionalInformation', value) ?? ''}`).join('\n')],
    ['Ondernomen acties', text(p.takenActions)],
    ['Toelichting op uw vraag', text(p.explanationQuestion)],
    ['Opmerkingen', text(p.remarks)],
    ['Terugkoppeling', listed(lists, 'feedbackMessage', p.feedbackMessage)],
    ['Contactpersoon', text(p.contactPerson)],
    ['E-mailadres voor terugkoppeling', text(p.emailAddress)],
    ['Telefoonnummer voor terugkoppeling', text(p.phoneNumber)],
  ];
}

async function alkmaarLines(db: Db, p: Payload): Promise<ReadableLine[]> {
  const lists = await readDropdownLists(db, 'Alkmaar');
  return [
    ['Contactpersoon apotheek', text(p.pharmacyContactPerson)],
    ['Ontdekker van klacht', listed(lists, 'discovererComplaint', p.discovererComplaint)],
    ['Aard van klacht', listed(lists, 'natureComplaint', p.natureComplaint)],
    ['Omschrijving aard van klacht', text(p.other)],
    ['Geneesmiddel', text(p.medicine)],
    ['Afdeling', text(p.department)],
    ['Startslikdatum', date(p.startSwallowDate)],
    ['Einddatum rol', date(p.scrollEndDate)],
    ['Innamedatum', date(p.intakeDate)],
    ['Innametijd', text(p.intakeTime)],
    ['Uitgebreide omschrijving', text(p.detailedDescriptionMessage)],
    ['Direct ondernomen acties', text(p.actionsTakenImmediately)],
    ['Terugkoppeling', listed(lists, 'feedbackMessage', p.feedbackMessage)],
    ['E-mailadres voor terugkoppeling', text(p.feedbackEmailAddress)],
    ['Telefoonnummer voor terugkoppeling', text(p.feedbackPhoneNumber)],
  ];
}

/** The readable lines of an imperfection report of any site; null for another kind. */
export async function readableReport(db: Db, kind: string, payload: Payload): Promise<ReadableLine[] | null> {
  switch (kind) {
    case 'Imperfection':
      return basicLines(payload);
    case 'ImperfectionOosterwolde':
      return oosterwoldeLines(db, payload);
    case 'ImperfectionApeldoorn':
      return apeldoornLines(db, payload);
    case 'ImperfectionAlkmaar':
      return alkmaarLines(db, payload);
    default:
      return null;
  }
}
