import { z } from 'zod';
import { controller } from '../define.js';
import { validation as v } from '../messages.js';
import { inboxKindText, inboxStatusText } from '../inbox.js';
import { itemReference } from '../receipt.js';
import { tableRequest } from '../table.js';
import { accessLogActionText, accessLogActor, type AccessLogRow } from './access-log.js';
import { assortmentTableColumns, type AssortmentRow } from './assortment.js';
import { deliveryScheduleTableColumns, type DeliveryScheduleRow } from './delivery-schedule.js';
import { invoiceTableColumns, type InvoiceRow } from './invoice.js';
import { myRequestTableColumns, type MyRequestRow } from './my-requests.js';
import { packingOrderTableColumns, type PackingOrderRow } from './packing-order.js';
import { pharmacistTableColumns, type Pharmacist } from './pharmacist.js';
import { administratorsOnly, type PharmacistType } from '../enums.js';
import { serviceProductOrderTableColumns, serviceProductOrderStatusText, type ServiceProductOrderListRow } from './service-product.js';

/*
 * Not in the spec (issue 14, point 1): every table of the portal as a CSV or Excel file, with the table's
 * search and sort and all its rows. One call per table under the Export controller, kept apart from `calls`
 * like the other additions; a server of the spec alone answers 404 and the screens leave the button out.
 */

export const exportFormats = ['Csv', 'Xlsx'] as const;
export type ExportFormat = (typeof exportFormats)[number];

/** How a value is written: as the screen shows it in CSV; typed (a number, a date) with that look in Excel. */
export type ExportKind = 'text' | 'integer' | 'euro' | 'date' | 'dateTime' | 'moment' | 'month';

export interface ExportColumn<Row> {
  header: string;
  kind: ExportKind;
  /** the row's value: text as shown, a number, or an ISO date (`date`, `month`) or instant (`dateTime` to the minute, `moment` to the second) */
  value: (row: Row) => string | number | null;
}

/**
 * The account types as the screens name them: the spec's Administrator, never the provider's staff role Beheerder
 * (issue 30.11: the back-office shows both).
 */
export const pharmacistTypeLabels: Record<PharmacistType, string> = {
  Administrator: 'Administrator',
  Employee: 'Medewerker',
};

export const yesNo = (value: boolean) => (value ? 'Ja' : 'Nee');

/**
 * Column Kan gehalveerd (the product's entities): a product cannot be halved when its split description contains
 * the word ERROR. The marker is matched in any case, also inside a code such as `SPLIT_ERROR`.
 */
export function canBeHalved(splitDescription: string | null | undefined): boolean {
  return !/error/i.test(splitDescription ?? '');
}

export const canBeHalvedText = (splitDescription: string | null | undefined): 'Ja' | 'Nee' => yesNo(canBeHalved(splitDescription));

/**
 * The split description as the spec's wire serves it, so that a client of the spec alone (which reads only the
 * marker ERROR) shows what the provider said with `canBeHalved` (issue 29.8): not to be halved carries the
 * marker, to be halved does not; unsaid, the text as it came.
 */
export function servedSplitDescription(text: string, halvable: boolean | null): string {
  if (halvable === false) return canBeHalved(text) ? `ERROR ${text}`.trim() : text;
  if (halvable === true) return canBeHalved(text) ? text : text.replace(/\s*\w*error\w*:?\s*/gi, ' ').trim();
  return text;
}

/** A split description that reads as a refusal ('Niet delen', 'geen', 'nee') but carries no marker. */
export const readsAsNotHalvable = (text: string) => canBeHalved(text) && /\b(niet|geen|nee)\b/i.test(text);

/** The reference the form's receipt and mail gave; an order goes by its order number. */
export const myRequestReference = (row: Pick<MyRequestRow, 'itemKind' | 'kind' | 'id' | 'receivedAt'>) =>
  itemReference(row);

const text = <Row>(header: string, value: (row: Row) => string | null): ExportColumn<Row> => ({ header, kind: 'text', value });

/** The columns of each table's file: the screen's columns, in the screen's order, with the screen's headers. */
export const exportColumns = {
  drugs: [
    text<AssortmentRow>('Naam', (r) => r.longName),
    text<AssortmentRow>('ZI-nummer', (r) => r.ziNumber),
    text<AssortmentRow>('GPK', (r) => r.gpk),
    text<AssortmentRow>('HPK', (r) => r.hpk),
    text<AssortmentRow>('Uiterlijk', (r) => r.dtaDescription),
    text<AssortmentRow>('Kan gehalveerd', (r) => canBeHalvedText(r.splitDescription)),
    text<AssortmentRow>('Primaire verpakking', (r) => r.packaging),
  ],
  packingOrders: [
    text<PackingOrderRow>('Afdeling', (r) => r.facility),
    { header: 'Aantal patiënten', kind: 'integer', value: (r: PackingOrderRow) => r.patientCount },
    { header: 'Aantal zakjes', kind: 'integer', value: (r: PackingOrderRow) => r.bagCount },
    text<PackingOrderRow>('Status', (r) => r.reelStatusText),
    { header: 'Orderdatum', kind: 'date', value: (r: PackingOrderRow) => r.orderDate },
  ],
  deliverySchedules: [
    text<DeliveryScheduleRow>('Afdeling', (r) => r.facility),
    text<DeliveryScheduleRow>('Aankomstdag', (r) => r.arrivalDay),
    text<DeliveryScheduleRow>('Aankomsttijd', (r) => r.arrivalTime),
    text<DeliveryScheduleRow>('Verzenddag', (r) => r.shipmentDay),
    text<DeliveryScheduleRow>('Verzendtijd', (r) => r.shipmentTime),
  ],
  invoices: [
    { header: 'Maand', kind: 'month', value: (r: InvoiceRow) => r.processedMonth },
    text<InvoiceRow>('Klantcode', (r) => r.clientCode),
    text<InvoiceRow>('Factuurnummer', (r) => r.invoiceNumber),
    { header: 'Bedrag', kind: 'euro', value: (r: InvoiceRow) => r.invoiceAmount },
    text<InvoiceRow>('Betaald', (r) => (r.paymentStatus === null ? null : r.paymentStatus === 'Paid' ? 'Betaald' : 'Open')),
  ],
  serviceProductOrders: [
    { header: 'Bestelnummer', kind: 'integer', value: (r: ServiceProductOrderListRow) => r.serviceProductOrderId },
    { header: 'Datum', kind: 'dateTime', value: (r: ServiceProductOrderListRow) => r.createDate },
    text<ServiceProductOrderListRow>('Aangevraagd door', (r) => r.requesterName),
    text<ServiceProductOrderListRow>('Status', (r) => serviceProductOrderStatusText(r.status)),
  ],
  pharmacists: [
    { header: 'Nummer', kind: 'integer', value: (r: Pharmacist) => r.accountId },
    text<Pharmacist>('E-mailadres', (r) => r.emailAddress),
    text<Pharmacist>('Voornaam', (r) => r.firstName),
    text<Pharmacist>('Tussenvoegsel', (r) => r.middleName ?? null),
    text<Pharmacist>('Achternaam', (r) => r.lastName),
    text<Pharmacist>('Type', (r) => pharmacistTypeLabels[r.pharmacistType] ?? r.pharmacistType),
    text<Pharmacist>('Actief', (r) => (r.invited ? 'Uitgenodigd' : yesNo(r.isActive))),
    text<Pharmacist>('Tweestapsverificatie', (r) => (r.totpEnabled === undefined ? null : yesNo(r.totpEnabled))),
  ],
  myRequests: [
    { header: 'Datum', kind: 'dateTime', value: (r: MyRequestRow) => r.receivedAt },
    text<MyRequestRow>('Soort', (r) => inboxKindText(r.kind)),
    text<MyRequestRow>('Referentie', (r) => myRequestReference(r)),
    text<MyRequestRow>('Status', (r) => inboxStatusText(r.status)),
    text<MyRequestRow>('Ingediend door', (r) => r.submitterName),
    { header: 'Laatste antwoord', kind: 'dateTime', value: (r: MyRequestRow) => r.answers.at(-1)?.at ?? null },
    text<MyRequestRow>('Antwoord', (r) => r.answers.at(-1)?.text ?? null),
  ],
  accessLog: [
    { header: 'Tijdstip', kind: 'moment', value: (r: AccessLogRow) => r.at },
    text<AccessLogRow>('Medewerker', (r) => {
      const { who, detail } = accessLogActor(r);
      return r.actorKind === 'Account' || !detail ? who : `${who} (${detail})`;
    }),
    text<AccessLogRow>('E-mailadres', (r) => (r.actorKind === 'Account' ? r.staffEmailAddress : null)),
    text<AccessLogRow>('Actie', (r) => accessLogActionText(r.action)),
    text<AccessLogRow>('Gelukt', (r) => yesNo(r.outcome === 'Success')),
    text<AccessLogRow>('Patiënten', (r) => r.patients.join(', ') || null),
    text<AccessLogRow>('Omschrijving', (r) => r.description),
    text<AccessLogRow>('Adres', (r) => r.address),
  ],
} as const;

export type ExportTable = keyof typeof exportColumns;

/** Per table, the file's name (the day of the export and the extension are added) and its sheet's name. */
export const exportNames: Record<ExportTable, { file: string; sheet: string }> = {
  drugs: { file: 'assortiment', sheet: 'Assortiment' },
  packingOrders: { file: 'inpakopdrachten', sheet: 'Inpakopdrachten' },
  deliverySchedules: { file: 'leveringsafspraken', sheet: 'Leveringsafspraken' },
  invoices: { file: 'facturen', sheet: 'Facturen' },
  serviceProductOrders: { file: 'bestellingen', sheet: 'Bestellingen' },
  pharmacists: { file: 'medewerkers', sheet: 'Medewerkers' },
  myRequests: { file: 'aanvragen-en-meldingen', sheet: 'Aanvragen en meldingen' },
  accessLog: { file: 'inzage-logboek', sheet: 'Inzage logboek' },
};

/** The table's search and sort (its page and page size are ignored: a file holds every row), and the format. */
function exportRequest<const C extends readonly [string, ...string[]]>(columns: C) {
  return tableRequest(columns).extend({
    format: z.enum(exportFormats, { error: v.invalidValue }),
  });
}

/** Header of an export's answer: how many rows the file will hold, so that the screen can show progress. */
export const exportRowsHeader = 'X-Export-Rows';

const exportCall = <const C extends readonly [string, ...string[]]>(columns: C, what: string) =>
  ({
    method: 'POST',
    body: exportRequest(columns),
    response: 'file',
    summary: `All ${what} with the table's search and sort, as CSV (UTF-8 with BOM, semicolons) or Excel; streamed.`,
  }) as const;

export const exportCalls = controller('Export', {
  drugs: exportCall(assortmentTableColumns, "the customer's assortment"),
  packingOrders: exportCall(packingOrderTableColumns, "the customer's packing orders"),
  deliverySchedules: exportCall(deliveryScheduleTableColumns, "the customer's delivery schedules"),
  invoices: exportCall(invoiceTableColumns, "the customer's invoices"),
  serviceProductOrders: exportCall(serviceProductOrderTableColumns, "the customer's service-product orders"),
  pharmacists: { ...exportCall(pharmacistTableColumns, "the customer's accounts (administrators only)"), roles: administratorsOnly },
  myRequests: exportCall(myRequestTableColumns, "the customer's submissions and service orders"),
});
