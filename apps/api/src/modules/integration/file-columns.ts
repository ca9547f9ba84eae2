import type { ImportKind } from '@portal/contract';
import { reelStatusLabels } from '../packing-orders/reel-status.js';

/**
 * The columns of a CSV or XLSX file per kind: the field each fills, the headers it is known by (English as in
 * the API, and Dutch as a provider's spreadsheet has them), and how a cell's text becomes the field's value.
 * Rows of departments and invoices carry a nested list (a schedule, invoice lines): a file repeats the parent's
 * columns on one row per element, and consecutive rows of the same key become one record.
 */

type CellType = 'text' | 'int' | 'number' | 'date' | 'weekday' | 'customerKind' | 'status' | 'paymentStatus' | 'yesNo';

export interface FileColumn {
  field: string;
  headers: string[];
  type?: CellType;
}

export interface FileLayout {
  columns: FileColumn[];
  /** the nested list and its columns */
  nested?: { field: string; columns: FileColumn[] };
}

const customer: FileColumn = { field: 'customer', headers: ['klant', 'klantcode'] };
const version: FileColumn = { field: 'version', headers: ['versie'] };
const key = (...dutch: string[]): FileColumn => ({ field: 'key', headers: ['sleutel', ...dutch] });

export const fileLayouts: Record<ImportKind, FileLayout> = {
  customers: {
    columns: [
      { field: 'code', headers: ['klantcode'] },
      { field: 'name', headers: ['naam'] },
      { field: 'kind', headers: ['soort'], type: 'customerKind' },
      { field: 'site', headers: ['vestiging'] },
      { field: 'address', headers: ['adres', 'straat'] },
      { field: 'postalCode', headers: ['postcode'] },
      { field: 'city', headers: ['plaats', 'woonplaats', 'vestigingsplaats'] },
      version,
    ],
  },
  departments: {
    columns: [customer, key('afdelingscode'), { field: 'name', headers: ['naam', 'afdeling'] }, version],
    nested: {
      field: 'deliverySchedules',
      columns: [
        { field: 'shipmentDay', headers: ['verzenddag'], type: 'weekday' },
        { field: 'shipmentTime', headers: ['verzendtijd'] },
        { field: 'arrivalDay', headers: ['aankomstdag', 'bezorgdag'], type: 'weekday' },
        { field: 'arrivalTime', headers: ['aankomsttijd', 'bezorgtijd'] },
      ],
    },
  },
  patients: {
    columns: [
      customer,
      key('patientnummer'),
      { field: 'department', headers: ['afdeling', 'afdelingscode'] },
      { field: 'firstName', headers: ['voornaam'] },
      { field: 'namePrefix', headers: ['tussenvoegsel'] },
      { field: 'lastName', headers: ['achternaam'] },
      { field: 'birthDate', headers: ['geboortedatum'], type: 'date' },
      version,
    ],
  },
  products: {
    columns: [
      key('artikelnummer'),
      { field: 'ziNumber', headers: ['zinummer'] },
      { field: 'gpk', headers: [] },
      { field: 'hpk', headers: [] },
      { field: 'longName', headers: ['naam', 'productnaam'] },
      { field: 'dtaDescription', headers: ['uiterlijk'] },
      { field: 'splitDescription', headers: ['deelbaarheid'] },
      { field: 'canBeHalved', headers: ['kan gehalveerd', 'halveerbaar'], type: 'yesNo' },
      { field: 'packaging', headers: ['verpakking'] },
      version,
    ],
  },
  assortment: { columns: [customer, { field: 'product', headers: ['artikelnummer', 'productsleutel'] }, version] },
  'packing-orders': {
    columns: [
      customer,
      key('ordernummer'),
      { field: 'department', headers: ['afdeling', 'afdelingscode'] },
      { field: 'patientCount', headers: ['aantalpatienten', 'patienten'], type: 'int' },
      { field: 'bagCount', headers: ['aantalzakjes', 'zakjes'], type: 'int' },
      { field: 'status', headers: [], type: 'status' },
      { field: 'statusText', headers: ['statustekst'] },
      { field: 'orderDate', headers: ['orderdatum', 'datum'], type: 'date' },
      version,
    ],
  },
  invoices: {
    columns: [
      customer,
      key('factuurnummer'),
      { field: 'processedMonth', headers: ['maand', 'factuurmaand'], type: 'date' },
      { field: 'amount', headers: ['bedrag', 'totaal'], type: 'number' },
      { field: 'invoiceDate', headers: ['factuurdatum'], type: 'date' },
      { field: 'dueDate', headers: ['vervaldatum', 'uiterstebetaaldatum'], type: 'date' },
      { field: 'paymentStatus', headers: ['betaalstatus', 'betaald'], type: 'paymentStatus' },
      version,
    ],
    nested: {
      field: 'lines',
      columns: [
        { field: 'department', headers: ['regelafdeling'] },
        { field: 'description', headers: ['omschrijving'] },
        { field: 'quantity', headers: ['aantal'], type: 'int' },
        { field: 'unitPrice', headers: ['prijs', 'stukprijs'], type: 'number' },
        { field: 'vatRate', headers: ['btw', 'btwpercentage'], type: 'number' },
      ],
    },
  },
};

/** A header as compared: lower case, without accents, spaces, hyphens or underscores ('Aantal patiënten'). */
export const headerKey = (header: string) =>
  header.normalize('NFKD').replace(/\p{M}+/gu, '').toLowerCase().replace(/[\s_\-.]+/g, '');

const weekdays = ['maandag', 'dinsdag', 'woensdag', 'donderdag', 'vrijdag', 'zaterdag', 'zondag'];
const customerKinds: Record<string, string> = { apotheek: 'Pharmacy', zorginstelling: 'CareInstitution' };
const yesNoWords: Record<string, boolean> = { ja: true, yes: true, true: true, '1': true, nee: false, no: false, false: false, '0': false };
const paymentStatuses: Record<string, string> = { betaald: 'Paid', ja: 'Paid', open: 'Open', nee: 'Open', onbetaald: 'Open' };
const statusesByLabel = Object.fromEntries(Object.entries(reelStatusLabels).map(([code, label]) => [headerKey(label), code]));

/**
 * A cell's text as the field's value. What cannot be read is passed on as written, so that validation refuses
 * it with the field's own message instead of this reader guessing.
 */
export function cellValue(text: string, type: CellType = 'text'): unknown {
  const value = text.trim();
  switch (type) {
    case 'int':
      return /^-?\d+$/.test(value) ? Number(value) : value;
    case 'number': {
      // Dutch spreadsheets write 1.234,56; others 1234.56.
      const normalised = value.includes(',') ? value.replace(/\./g, '').replace(',', '.') : value;
      return /^-?\d+(\.\d+)?$/.test(normalised) ? Number(normalised) : value;
    }
    case 'date': {
      const dutch = /^(\d{1,2})-(\d{1,2})-(\d{4})$/.exec(value);
      return dutch ? `${dutch[3]}-${dutch[2]!.padStart(2, '0')}-${dutch[1]!.padStart(2, '0')}` : value;
    }
    case 'weekday': {
      const index = weekdays.indexOf(value.toLowerCase());
      return index >= 0 ? index + 1 : /^\d+$/.test(value) ? Number(value) : value;
    }
    case 'customerKind':
      return customerKinds[value.toLowerCase()] ?? value;
    case 'status':
      return statusesByLabel[headerKey(value)] ?? value;
    case 'paymentStatus':
      return paymentStatuses[value.toLowerCase()] ?? value;
    case 'yesNo':
      return yesNoWords[value.toLowerCase()] ?? value;
    default:
      return value;
  }
}

/** Which field each header of a file fills (unknown headers are reported, not silently dropped). */
export function mapHeaders(layout: FileLayout, headers: string[]): { fields: (FileColumn | null)[]; unknown: string[] } {
  const all = [...layout.columns, ...(layout.nested?.columns ?? [])];
  const byHeader = new Map<string, FileColumn>();
  for (const column of all) for (const h of [column.field, ...column.headers]) byHeader.set(headerKey(h), column);
  const fields = headers.map((h) => byHeader.get(headerKey(h)) ?? null);
  const unknown = headers.filter((h, i) => h.trim() !== '' && fields[i] === null);
  return { fields, unknown };
}
