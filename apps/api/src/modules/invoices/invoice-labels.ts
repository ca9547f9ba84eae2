/** The Dutch words of the invoice files, written once for the PDF and the Excel files alike. */

/** Who sends the invoices. */
export const provider = {
  name: 'Spits',
  line: 'Medicatie in rollen en zakjes · klantportaal Mijn Spits',
} as const;

export const labels = {
  invoice: 'Factuur',
  specification: 'Factuurspecificatie',
  client: 'Klant',
  clientCode: 'Klantcode',
  month: 'Factuurmaand',
  overview: 'Overzicht',
  lines: 'Specificatie',
  facility: 'Afdeling',
  customerWide: 'Algemeen',
  lineNo: 'Regel',
  description: 'Omschrijving',
  quantity: 'Aantal',
  unitPrice: 'Prijs per stuk',
  vatRate: 'Btw-tarief',
  net: 'Bedrag excl. btw',
  vat: 'Btw',
  gross: 'Bedrag incl. btw',
  totalNet: 'Totaal excl. btw',
  totalGross: 'Totaal incl. btw',
  total: 'Totaal',
  subtotal: 'Subtotaal',
  continued: '(vervolg)',
  noLines: 'Deze factuur heeft geen regels.',
  vatOver: (rate: string, net: string) => `Btw ${rate} over ${net}`,
  page: (n: number, of: number) => `Pagina ${n} van ${of}`,
} as const;
