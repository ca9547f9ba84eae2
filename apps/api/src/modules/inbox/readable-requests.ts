import { date, flag, moment, text, type Payload, type ReadableLine } from './readable-values.js';

/** The readable lines of the question and the four request forms, with the labels of their web forms. */

const rollKind = (holiday: unknown) => (typeof holiday === 'boolean' ? (holiday ? 'Vakantierol' : 'Extra rol') : null);

const requestLines: Record<string, (p: Payload) => ReadableLine[]> = {
  NonFaqQuestion: (p) => [['Vraag', text(p.question)]],
  NewProduct: (p) => [
    ['Naam geneesmiddel', text(p.drugName)],
    ['Geneesmiddel sterkte', text(p.drugStrength)],
    ['Verbruik per week', text(p.consumptionPerWeek)],
    ['Aantal patiënten', text(p.amountOfPatients)],
    ['ZI-nummer', text(p.ziNumber)],
    ['Reden', text(p.reason)],
  ],
  ImmediateProduct: (p) => [
    ['Afdeling', text(p.department)],
    ['Soort rol', rollKind(p.extraScrollIsHolidayScroll)],
    ['Startdatum', date(p.startDate)],
    ['Aantal dagen', text(p.amountOfDays)],
    ['Verstuurdatum', date(p.sendDate)],
    ['Uiterste ontvangstdatum', date(p.receiveDate)],
    ['Ik wil graag teruggebeld worden', flag(p.receiveReturnCall)],
  ],
  Photo: (p) => [
    ['Afdeling', text(p.department)],
    ['Datum en tijd van inname', moment(p.swallowDateTime)],
    ['Naam medicijn', text(p.drugName)],
    ['Reden aanvraag', text(p.reasonOfRequest)],
  ],
  OfflineAssortment: (p) => [
    ['Formulieren voor een nieuwe afdeling', flag(p.newDepartment)],
    ['Formulieren voor een cureset', flag(p.cureSet)],
    ['Formulieren voor een medicatieset', flag(p.medicationSet)],
  ],
};

/** The readable lines of a question or request form; null for another kind. */
export function readableRequest(kind: string, payload: Payload): ReadableLine[] | null {
  return requestLines[kind]?.(payload) ?? null;
}
